{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "DKh9kNlHHRkrifxwemv47ayOxxbuCBL4+ZKOGbecKZ2562tPjhVdB4QRtTJ/OEIDZUB03g20uKadJu65nKmGAg=="
  },
  "verdict_sha256": "4dcae9df0889ba41df6e945e7281b7d739c7b81955c8055e2bc8772c5e55bddc"
}
