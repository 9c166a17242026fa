{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "9/BbpS4aTzWdd3GPYEnwJVHsQYgUQvT6suMcW0SF3FNKW3G10BP8Rtcr4hXbeYkgPr26Crk5ADAjpYq+LPdOAQ=="
  },
  "verdict_sha256": "63d751b8bc0ad37212c3a57f65384126e5aaf319fb11f2a1777d9cc81219d7b1"
}
