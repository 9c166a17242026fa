{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "zLgdGxFuSzrX2ZXDghLHDPuwDwZyaeISNHrOF2wUx1106YUJJeihTM7y97ypBDaLOjUbYqJsuFo5p1rtxtuGAg=="
  },
  "verdict_sha256": "c948609dfacfafee3b2b6c9ba7f822ce3a0c538b1cfc8f581407696cce9303bb"
}
