{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Bw4bflDvlzVAk66qOeWkEZfoqaOWEwwVc6tUqH4bAmPydUpiNGtXFkms5JoyA/QXnk7eFnGS4HmcuA/KKEncDg=="
  },
  "verdict_sha256": "1f29a97178e5b64e28b0c4f0a1807d333d1950bac124150b6e83d318a2ba2737"
}
