{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "3ukCHSXMxTYfZ/8tT+Uci8ghHGcOXSFIbphiS9LuhFkzPCOAZWRXmfcO5p6BLdd15Zb06+uiLpke7F/n4pIyBQ=="
  },
  "verdict_sha256": "e8b1c60c56a0017d55ddc30c3d08c56c5ea9cd046665c9aae8031fb2b1950203"
}
