{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "ASVwY+8z3MEr6CBaQTwOpXPkbm0Fc8NA88Mr6etJLXBpqHtUiF2zUrZLkdzqGxQ51Fhl4RavX4YqD0h5nd19Ag=="
  },
  "verdict_sha256": "edb89bdc9e38ebaf09a88f13fe69dc90304bb2d5ae3a14dc3eeda358ef412978"
}
