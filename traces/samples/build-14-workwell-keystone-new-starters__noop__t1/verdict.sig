{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "RG0XtkCSctIwGK8T3uckya7DBJ3aTpDlvi9GQXfOT4WeHOnq0KYzIXDqdfqzcJ6zm8ofXWOfxC4JtUQcNUpSCg=="
  },
  "verdict_sha256": "355d8fc08f067b12a1d333e8c53e353bdf91e74c351a4390d2c39f48a4c1af31"
}
