{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "B6adcz2lbzUul5Ke6MkQ8sSwwRC06p2wXCOjFzLhVmRpDDm/LZ+j0359Ce1J4o5L8eb4qY9t9F6Yh5uWC4h9BQ=="
  },
  "verdict_sha256": "1b905f20f7d5dc8f1cfcf6c4c0134c039dcb9a640dce4628e3b32684331fb336"
}
