{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "j5jzH1lThi726td6FBTT0u4r9+WYQtdysSXU3/ZXjr7Qa5jHhDy0HJbQwY7wExRUEnuLdDZXMde4uEzTEeUBDA=="
  },
  "verdict_sha256": "007ce4aa9e7daf34975ae9ef4e2b9d51b2db79643c961ffc677605d33d85ca44"
}
