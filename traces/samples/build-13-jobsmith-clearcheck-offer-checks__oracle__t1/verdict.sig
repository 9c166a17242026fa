{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "nP3eynE98phaZ8G1oLZVW55P+0BI8vq1EQ3zl9AzbqZmtfmZpwXmm2uRHm4xnA6lcf+vyPEvbplLfPV8kacUBw=="
  },
  "verdict_sha256": "ffba80259be0fb5c657990863bd7af01b8fd9e0f21dcc0c2ee1cb186df04603d"
}
