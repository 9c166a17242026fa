{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "tYJCTSnbCO6AIiNZU1lonpt1mPbgXWi9VVgJ2vdDHnM85xAFvUCATQ1A5YM9oROtWL7fPUKH33mla+4APw/GAw=="
  },
  "verdict_sha256": "627f1e301fa57d1459ef9686aca59422131f8fa7eeaef9023af81e31af083aa2"
}
