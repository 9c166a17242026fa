{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "5FrQZcT/GMrj2q/Qszb+xaTa5niCkKcNKy3xnK6t7XIpLe4pbjAR/P02FpbBrNkDDDWNRFRGBRYREu6OyVMQDQ=="
  },
  "verdict_sha256": "ff2ca3b01d040d88ff1befbbaf4d3afcda0269895fff5e4ef0de0ad99f01a1b3"
}
