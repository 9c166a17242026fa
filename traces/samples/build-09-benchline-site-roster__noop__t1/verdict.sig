{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "9keKJvdW1v0c7rSjDriHnvnibt8JPsDVWP/5Lb8DZidjbOOATdmQEAlkOKEiZN80DCgUi6xbxLo3hUlX4dskAg=="
  },
  "verdict_sha256": "be85efbbb1b47b05232f1377938a83b64c36ed50b847a182a5a1ac7fbee4c01e"
}
