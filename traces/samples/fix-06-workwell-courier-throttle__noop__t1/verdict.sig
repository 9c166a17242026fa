{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "42zBuj17gn7y70eVVTmFDv4Rk5Vx9dwswUPrlXc87SOpIDde0DcBWlEHk73BBlAGkTTN51YwrE2t8V9n7tSrDg=="
  },
  "verdict_sha256": "5b9eef7410bb6cabb511cff7a3310c864d881aa495307cf3f26ec6d392cf09a0"
}
