{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "RTaeVnMH8xIBHInUsykop5sE95e2/Q2CAxn96P80XouBFFrTAvzVO5z81PSIDeNXVUnZTu0EF1UkahhTjH2tCg=="
  },
  "verdict_sha256": "f3809e6b7ec9811c6e3f59a1f08856386cabc5d90dd06317f35033a6d8067ed0"
}
