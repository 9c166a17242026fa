{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "SjfpdFagWtECAgt8POmKWMJk+O1immrrPJSM83hdUc5HuTd3F5tBtqGanjwmapL0Uhk1FZl//M/+eZcFgfI9Cg=="
  },
  "verdict_sha256": "8c4b4474465e24bee10110d664cab2a4765be8a7bc199a873ddc6c4f37fa39a2"
}
