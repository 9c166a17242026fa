{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "qhOpQ6oqmRe8PYpWf7S1V7XGeb02v1DuCaXl2WBFr1iSyFpEiui+QdayY+Uev8LP3gJ2+DROeoNPf3NPk3aICw=="
  },
  "verdict_sha256": "317fe85cc68e88e47b9670fe86c87dba944bbd398a94d8560bda52abae914871"
}
