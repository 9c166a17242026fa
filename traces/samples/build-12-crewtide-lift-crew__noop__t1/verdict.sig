{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "DAseXYtLZIGOrZde0cJSk465Ltfft6jd2fHCrHISAQdypRQhiDTNb48AGR0eBLg3VNrE5+H6O5nsvmDo6E3tBg=="
  },
  "verdict_sha256": "1b5b67552fb3a75303c1eecb9945c1a600c45ab2530e5168bc992446fc7676c6"
}
