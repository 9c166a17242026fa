{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "JLh5IitiGCMCRS2JchKoQajQfACRdMNc5pz9dAp6U8Qb5A/5W2GJdjIuE/jTB00+auadWxJ1a8XRE9k+mx4fCg=="
  },
  "verdict_sha256": "cfe64d55a5593662e1754a22c6c45264df8ea397384004fa76d7f1a37fbd07d8"
}
