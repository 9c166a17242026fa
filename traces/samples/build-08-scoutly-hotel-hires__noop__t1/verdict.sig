{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "DkM0AA2IpwEAgjA1GfJUF0Oz6sF/27GdGxdkd+/5gbYGdq2Bx4R0B1YEpnlkO/9b1BlV5GGMgHiVXWNgesiECg=="
  },
  "verdict_sha256": "d897a9c3cd61bb7f2d27529e9a73a646ef4e001c217776b9ff227590e85fb7c5"
}
