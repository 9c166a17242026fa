{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "1m3spaeDW67NZcL8MQbELgpMNdIeMCGPAdc4C9BJ3u4ERdh8gHGK8KooX0NMQ5cBIZnyWGaDeLc3FGShnyqyDQ=="
  },
  "verdict_sha256": "66d03ef6436b61e990157176b2173869d6cb30504627e69b3450381834d3ba9e"
}
