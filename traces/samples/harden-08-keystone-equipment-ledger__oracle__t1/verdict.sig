{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "s1WCZ+uaCKa4b6rTWiFPp3ERfYZPuut3comLTa6Gf+Q9XxtjINSjh7+EVlzm5oct4cxzF7w8RkX2j7UUE/7SDA=="
  },
  "verdict_sha256": "1a8904fd0313c1be91346cabb1f669faf22f1802c1acc48bc3e7087817bec2b1"
}
