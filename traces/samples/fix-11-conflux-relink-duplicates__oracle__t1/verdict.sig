{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "LWkEeG+B1UYRoWGUawlm12fs9zgQlNSuWtjNFfqiXDxVp1PsoEM3G2DEcZGPkGMptdw2Prq+ekjdg0wGCLYJBw=="
  },
  "verdict_sha256": "31722d1727bc17552e7ae2309f4c5004a47bd6452678b2a9d4b8a1169e73edf3"
}
