{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "5XYbJBz87tEFS+3/yq3jIp/gCrqyilcM5vjWm6h0KEbKmMxegq8yKAiKcZfr14lst+Avq2baF9lozGO8YFzUDw=="
  },
  "verdict_sha256": "c7a0e8b7b190f96952201e7d4b11ff46114da5cb1238a53759083138968d4aa9"
}
