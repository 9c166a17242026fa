{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "6Kl8GTtoy1mBQd62JUwy+GQMo+8MYQtbvnB1mnpsyr/fcFQHoJ/DUgj5jAT7f/0AqEfe2PXd0uzezNecTIdPDA=="
  },
  "verdict_sha256": "0b74c74efbe7fc6e35cf9380b13441d3026d56fe0bc3e1ca9f6f8074d463dd84"
}
