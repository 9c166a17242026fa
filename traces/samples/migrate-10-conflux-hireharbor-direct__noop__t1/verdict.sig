{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "1Zrigof4FVwjZy71l2pfsj6FHiADT9eHMOv3UFRjkYApqooW599RlAzCKn1WrPId1qTClT+BGdUrUXUNCG90Ag=="
  },
  "verdict_sha256": "bf026eb4b66d770ec21886cc8de5aa9ae9b4a956044f5d0af635ec19a1ff1542"
}
