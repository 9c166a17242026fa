{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "1r+1/0akLLU+MNtPis81is+V0fik7l4slq0voL1zI00RxgBBBk8nGZUe1mhMPGNnxCgRaMhqHivrPy6ZR/5yCQ=="
  },
  "verdict_sha256": "17f2d5098d1652f81522c174895c332ded7c4a1f5076af705f6854179bc62bab"
}
