{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "5BjJ53yInyJR3fGQpb29IANVVd556IENltlkuh/3hsqcJORc017+6Y3kP7kcjO2/77r9vX0mhDXf4+OKNTrnDA=="
  },
  "verdict_sha256": "f6a1f294aacab1481559945c6fc604d2ec74215cc70021ee4552aa53c7b1f709"
}
