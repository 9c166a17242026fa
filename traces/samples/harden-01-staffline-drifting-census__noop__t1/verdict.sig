{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "ICtRvqhf7+wrQL5NgHX+khiI9INQ5uB4HEcxVgf3RHoLDR/H0r9xPTo0qbKVzkDew2Wf4E6EEf+ma5E1ZhdyBw=="
  },
  "verdict_sha256": "4fd0331a082a5d3067423242316382aaf2f142ef64d868f1a4243aa98b44aa4c"
}
