{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "eS2TJG9F4gBlZXS1IQVMUiXJ8jhkXl0lUqAPPWvbC/W9tRVUFlUs7tESyczp7YrtAVegMESZBZhTm5PwRn3nCw=="
  },
  "verdict_sha256": "8805a60d39669fe54748692ef8478ddec99e75643debebc4bcacb271ef34ce0a"
}
