{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "7HYAkuTUn9TaH0647YIGu+XFBjl1wlZQ5POKP0CDJF8p6bipQnYucAtuRyu7aOpGI47zfb5Zov7IbfFxBF6hAA=="
  },
  "verdict_sha256": "253f83c6048eb93815601f47540a8df6a1fa7f69ee6efbbd0a0d02c905ee21ce"
}
