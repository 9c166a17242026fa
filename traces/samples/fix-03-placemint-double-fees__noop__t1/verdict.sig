{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "VB3+KU3GaVp289/SlEhaveTECBisyemAVQRY6njs06A16KL2aZUz/0GH7XetW+qg8CVxTQvSifcdicfNxc+JAA=="
  },
  "verdict_sha256": "3858ec32a5d8fbd0f94186ab5a38b5db4b26449902dc0944039533305375a304"
}
