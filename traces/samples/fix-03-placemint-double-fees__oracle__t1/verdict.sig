{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "IW5cPp7Edbyni1PTucdfYIvdPtWivvrDFaQLZJcfBr7opOk9tR+oPGKPxqqZSSB/QlFiDAe9apw67YOyC6VfCg=="
  },
  "verdict_sha256": "6de4b22d4d66ca66897a27ab15a7df80587f46f9d6a333ea1c68054922b378f1"
}
