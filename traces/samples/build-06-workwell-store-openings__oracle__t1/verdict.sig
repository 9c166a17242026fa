{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "sQ3fN8dmC8ZYZTydm/eRTiu5uh7bz2E7guKs+8FDt4cVBgI4KPXuAyG4UyuXtMYZ2op0+DjV9ATPVfUAhyQwDA=="
  },
  "verdict_sha256": "808bc141a58c0d21a92fbeac9fab8a2f9fe59d2e86bf849dbc3f2dca31b7ac37"
}
