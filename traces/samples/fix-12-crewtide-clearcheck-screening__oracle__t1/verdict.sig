{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "8wOz8ddh7BAtZDh2DCR5c0Z1ci9Ie1hx532ilBzYokaEXCvjGrXluF6eyQ5WhzahypNzBPFR2h24i4PWKFu+DQ=="
  },
  "verdict_sha256": "95f20e188f1d6684464e1d83e4f67cb895b2a854d4ff12b96b46b99eb85da5a4"
}
