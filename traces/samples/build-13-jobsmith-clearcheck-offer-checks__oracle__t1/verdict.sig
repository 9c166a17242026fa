{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "0oQQ8ruf+6YK2LlxIOt6xUy/ZssB1escMBXNHf927lx4B0bxa7ilWr3DNHiRpIcZj0CZs7iswEBeQROGoq9/Cg=="
  },
  "verdict_sha256": "c57da5ed994e32c11757338c6e0381b694e65a26c4de7473eb695f7c8242ac89"
}
