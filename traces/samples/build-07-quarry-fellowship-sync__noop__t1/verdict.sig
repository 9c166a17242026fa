{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Dtn7jD0znsgn4/nUKrsh3StNOZte7e9uG2ZuyOEhF8ffKuFY5ZvmeK/UUnVCXDnWT7pY9WWwiYQy7BQ3/qaKBg=="
  },
  "verdict_sha256": "19f6ceee919a375cda3653e4a844058b092deed8ffdd138996669c92c145ccee"
}
