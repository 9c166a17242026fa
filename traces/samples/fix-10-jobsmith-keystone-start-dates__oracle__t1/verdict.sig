{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "VcCO3/Zzh0InZoD7jtcNlKkSEJ7BAJ8R+pHLXMH3ygABdkPWBUBhDugV1Pg7Jle0LA0nZ2cloU/l/Yvp77J+Aw=="
  },
  "verdict_sha256": "fe04457d4d4d781791a2ff13716eae02161150ae2c54b8f0dd676008939bb4bb"
}
