{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "IN+0gAheJzhBBOLxCblX7nZHKiu/Wfu1Lxktw6foG0PMs3MlJ2qlFMDNpsv35yx2TKXghxq8YkM8pJNUhVsaBA=="
  },
  "verdict_sha256": "ab70c7a5e91ab35604e2827de3b26a11cf301332a8cf038eec24a48153e76cb6"
}
