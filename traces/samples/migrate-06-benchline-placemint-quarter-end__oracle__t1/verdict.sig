{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "vOhXXPQ1oVsxQP1DGAVYdvakxodLYB3lfP8rCpjsuvL6UynpbQscJQLkQn6QOzRhtM7LzblqHmXmUcyGIiT/AA=="
  },
  "verdict_sha256": "05a13b24a7003650e79dcb2b5059233a3d5dd6237e8b550e4d9dbcb91321deaa"
}
