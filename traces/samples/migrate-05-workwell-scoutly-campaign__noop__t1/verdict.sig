{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "gpv6IHb6KpGCBRXX0XPdoHNv/tiycLL+BOfOJvJE9iGz/JxeSYsfsu6yQdVq4FrTY81F/b7M0ID8Inwa5sr4Cw=="
  },
  "verdict_sha256": "656ec57d4dc98ede162df5c934b01dff959832a6e5eaa2cc7cd947789ec4ebc7"
}
