{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "VL/XcBlUMG/EuhDKFVqc2dYoubX22ObTOmzGEut1FVLPYUaBuwj6NWgZ83z1DqpjdQVQiw/94BveScT3q2dxBw=="
  },
  "verdict_sha256": "baa6999a27d5c965f6af9bc5a34fffbbec37afa545013db625546588d057d03f"
}
