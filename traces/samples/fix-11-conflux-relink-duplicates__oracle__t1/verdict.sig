{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "XB5nKuCy2yr46xuKxZRuSn5a0o6uavFJkhxyqZfEREAXhqB0/ki0m/VJxIEP+ZnBy4y5GrX7mBHkqt+JBcSYDQ=="
  },
  "verdict_sha256": "351c1f16317c142c2216a54c26c1360005fb3bd63aceffb5e9b57464770d77cf"
}
