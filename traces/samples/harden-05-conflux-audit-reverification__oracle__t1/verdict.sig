{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "HBDyhhPjIa/te+h7uL2c5UuZMyTwO5tjjBsvLmW9VChXIc43MbuhMVUMRvifPwBgSKuZDgIt/StV5YUs2z7LBQ=="
  },
  "verdict_sha256": "4bd3ca4d16a0127c2b0012f89589a8c9886e0a6ecc6fd721423ec0e3b2bf720c"
}
