{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Chl4I1h+EBhQkXqaqngD1nBVWSSEuuXjM7+f09ExV/7VAzfT6VaVqM5tCKboO8cw2ynvk8YueqlOx9umHeRLCA=="
  },
  "verdict_sha256": "8d5475a9ae1969df94ce384768c4a6ec69f477286aa705c9b7c5088ddf5eb8a7"
}
