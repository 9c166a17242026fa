{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "1QFl628tXDz2/wGbykqT+14rn/px1I/T5aXlozTKN8aKxWJPkBAQu3DwvL+wWV+D5FsRoiixXIwx41itiEQ0DA=="
  },
  "verdict_sha256": "b346fba99c2941a50f1f6e8831e1fc02cfa2f7bae4cd6abc31ffd3f28def90b0"
}
