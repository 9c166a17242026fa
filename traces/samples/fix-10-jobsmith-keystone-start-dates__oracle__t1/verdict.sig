{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "HgrFLFM022EXH/yqbBmndYaSB0txjQbdHO61yMdHL00KJmMgDO5/CRsfNBNXQrC6T5eWKbixrz56P6/tFtlMAw=="
  },
  "verdict_sha256": "0a7ca47f1331ced768b690beefbbfd094eb629e94a737b9077f3a9f3ea6d720d"
}
