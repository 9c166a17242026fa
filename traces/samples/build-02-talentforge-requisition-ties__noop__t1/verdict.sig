{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "7tcfjAbOp7OiFvDnq6LbagklxG3NnIAYHhorf3P2H3DnZTVWv2VLr/dR2jSVF4x6bM8tigEmorNhpKWGT+t0Aw=="
  },
  "verdict_sha256": "996a593a1d68ba4c1c2737eea304190cb45f7d277ba3451804f6df4a643233b3"
}
