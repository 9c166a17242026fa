{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "LrO/3e1VQxW1JxLZgZpuQ7OvLQFqnmWHIWtB0Vxinj/ZnUqNzoMlMbU1brFePk7vROGlMd91VhG1eE8BsIT1Bg=="
  },
  "verdict_sha256": "689e27779018bd7da99b6ab498f2eb19393c27f1c1c4d54e8aa0da4ce03a79d7"
}
