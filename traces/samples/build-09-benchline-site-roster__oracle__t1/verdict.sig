{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "vzOtgOuzEHzGzleJ27KgwEykbbm7V0F5nLrVNhzGp7mPLKbWVOSgTgrZ69KkhlNptbwSI+e2FMNv/XGBoQMuBw=="
  },
  "verdict_sha256": "30a03e8ddfa2dbbf9121321c0f04b3d0c7a55a7ed6ad3c056521ef09cb4aab70"
}
