{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "ppXKVRqpAq1jHc5E7iGz6mYBhsJPF+ID8AXWXNuUgpL/aEI233zMIFSxm3IYN+0swPy06sqN5+UoNgRrwjeUBA=="
  },
  "verdict_sha256": "a79ff3c80dc145a16fffa5f7c641f5cf26699b3b9bef10beb5ed39b65b23ace0"
}
