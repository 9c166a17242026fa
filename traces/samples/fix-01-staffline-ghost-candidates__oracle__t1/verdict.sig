{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "kt5AUBsiOx9QKaK6OcDStNzU37xgdcz+ynz8Nn2VgO2h5jE8e11IJes3cmJ4ufnX3BfaOkIEnaXcKD8/QKTKCA=="
  },
  "verdict_sha256": "d26ea596acce6ec6bc2c4f1f4bd6e704d17c86c7ea2697a5fdadd2154f1c416f"
}
