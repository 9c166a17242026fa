{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "sBqwsH2RnKZrnTT40G8P9kPLffRGZnCtPHuq/rVJRXQeIRahfgsuDOIHi5Gz8piqbLAuOdkdIGAWsP3Oht54DA=="
  },
  "verdict_sha256": "55290cc5e488d8daad293cb6bd9c457b8d0f4fc9038e58313aca5e9714ce0d2b"
}
