{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Q5ZFpQ9JRrJU5ruKI+Ij0bDMs+qvciR3VqiEjqhsdQqUTdVsognTvDGbctTguQdDLqGqdlSEyxUct0xwng3MAw=="
  },
  "verdict_sha256": "5556b9b4a185373c508d718403f779826d4ca9f0dd7413d43a4686bb3ea33d15"
}
