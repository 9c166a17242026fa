{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "ZrJ0ylktoTYstn82hMuwmwVJ2QjsZn8jIfHpzQdKhW/H5qOWSqg3t5bl2Fpm+gu3SoU8XEDYEb2KjU8tRXR9Bg=="
  },
  "verdict_sha256": "e681e1710c6c3cea8e2bf84bf441014d692a77ade8fa38bfbd8109d9eb7c655a"
}
