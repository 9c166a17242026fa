{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "M7/y8g4tHKk3pgAKLCfeXD+TSgAicycFvHCrezV5fugPrOec/4pymQHHZ+pfDDrzsxuNwQBr0qZ9LjdXhZ0OAA=="
  },
  "verdict_sha256": "602187c7f3197ef74f6008040b318697be44f3622715f62dc42d59d903123e34"
}
