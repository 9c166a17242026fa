{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "zcmFusF6qDVThExG/KQzhIaCCZ8ZEX0eReBp1Yt3zWQUFDjgMcuyL6u4f34ht5gqSe8rtVjn4XOu9oowXGsKBw=="
  },
  "verdict_sha256": "76df4c38392134aa39e75642f7d4888841b62b44739112437bcc730b90c31452"
}
