{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "g+LEhWvLc4ihTUN0uEsPIozbZy3KDsYGXk6H1FdCquJLerSgb/2JdjcZg1fjvsV62Bnvpt0Yn/ZFhVpGgZrtAA=="
  },
  "verdict_sha256": "27126396b5827fbee8016088de93eef9ad37a6784158b8e93f9a42f48d2eaf96"
}
