{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "5m+6SzFbwuy5FzIwizx20LrAeZMgcH+tqM1lZB08orKJKFO6xMDvlQpy13odhlalP3PVFRKIkEBRJAwILt74AQ=="
  },
  "verdict_sha256": "f5ebac8b25efd80ed8c354d754aeed4b563ae07555504c6ba69ddde7a0904230"
}
