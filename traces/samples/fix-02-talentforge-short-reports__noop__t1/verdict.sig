{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "O36VSdB3QiQeHyNNd1y3m0gP0O/MswnHFMKenwHDRxXyNzcMEEyrSCeKKQjt1/yKMZ9dL/wUjGkeishvFSAwDA=="
  },
  "verdict_sha256": "36ae99cf5818e98b6131e86548d6504efd73dc979b588ce4de49fc1b712c3fac"
}
