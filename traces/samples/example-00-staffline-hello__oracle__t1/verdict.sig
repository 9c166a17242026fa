{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "QEHT71EHqtXbXhILhWynF6gbgjM7+gQG83WCNQjDXiP5hP31zbrdtjzU/RcrshENtIrUnA706SVPS0hFymmSCQ=="
  },
  "verdict_sha256": "8e0008e64c9f702f9b1ea9f0b971b542f2ad71cf4ede2353b146da9021a38f9e"
}
