{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "ZK2JWWgznaF1klTtzb8+nhZU/WFRThNY74LQQEDDEUqxCrGvPUhdo7jBEzgj6L/KBIeAkqu7b23BlKFMv2ecBA=="
  },
  "verdict_sha256": "776c02725bffc40ad2bd9f6d2f504fc384c571c545dc1a16b5700a424c155859"
}
