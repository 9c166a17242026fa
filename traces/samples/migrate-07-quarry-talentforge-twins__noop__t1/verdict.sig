{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "vOpXs/8Cem5NXU7HDEhBx+1qxUjlrJ4s+nqIFYOdziBjDnyh+IT7rEt1aN7/zCkpYgI1diMV6vJMQZJ59PznCw=="
  },
  "verdict_sha256": "6c30ab124971f236f6f565bc1cf701874a1f41773f9e4f039b1eb38cb0f3c753"
}
