{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "6PBui28zOrsY5m/UyroPr6ec2afXxjQXaazmeZmQmMNE67dTXxIlqouDkQuKNsE43LwlRVGEbKccKfFFC36zCg=="
  },
  "verdict_sha256": "4c3e6d28c466025be824634c9b74172afe694df358f904dc979784aba18a14c5"
}
