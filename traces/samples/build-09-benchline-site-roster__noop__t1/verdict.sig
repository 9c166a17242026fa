{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "B4Cq9N7fdawAiTNpTWjoO8sYe5Ls9DwuMk4UzRHyicJwLUCHRpQiwLR8y+kkkKZWkqPIrrAO3pMoDKzqEtSoAA=="
  },
  "verdict_sha256": "3242b6d3e6e596d716c7e54e24da326a801e5f1f960516b3f058050b2a68bf84"
}
