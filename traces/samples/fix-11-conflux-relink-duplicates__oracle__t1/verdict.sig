{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "OZlyKblM+VPvaGgJt/aDmeKF4Ug6R0BdO7Y+6HXgS7VQKT5Vu8Gl6MklIBntHn9iHj15WEsezgs8rteZP3XCAg=="
  },
  "verdict_sha256": "4865a76738fdbe1fa454a0f8be803cf13319749973bd655e0590f31c7dd0e70a"
}
