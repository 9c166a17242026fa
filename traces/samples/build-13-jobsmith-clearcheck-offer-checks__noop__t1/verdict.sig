{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "ZJo5FmdJGVozES25FJmXqcGKPj+J5mNXIvKeIiJrrU3mrv63GTuz6KcwjkY/6Hz9aW2r2nK8YsR2x40STWfbDw=="
  },
  "verdict_sha256": "516a593ad1c71957348be2080e08281485d65e1f32ef77af0a002a5050312c6a"
}
