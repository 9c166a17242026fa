{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Zgx3FLa1jAEysxkI0A8C+FYSKtr1eJvfWKJlg62yZ9iXe4z/udTMDj3VW3/0fTTq9OjufZdsoS4/sLRxbiVgAg=="
  },
  "verdict_sha256": "52680955f9db5fe3874e35557e6c79facdb83640a0df79580800d65909938bb4"
}
