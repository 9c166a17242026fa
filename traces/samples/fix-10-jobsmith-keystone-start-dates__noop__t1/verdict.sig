{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Pemu9g/QmeHDQTsAmqELASEP0iA/ZId29soxlfHQtV3hTZR1ooXNTsCeXSuJV3s//ZtTbxgsT8TwHoVc4mbHAg=="
  },
  "verdict_sha256": "9dfeec030083b32ac6efbf8c879d55a24e02c2b2cde7a8cb52871f939f825cbd"
}
