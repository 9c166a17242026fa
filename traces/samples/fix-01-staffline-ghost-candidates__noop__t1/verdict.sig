{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "xs38UJmQ36dzpEohL7v85KwHNiKKEuHFQvx7YRamwIgIMvaQdRxtVBYbCndICeKVvpGmVY6A9ozrB4UBELitDg=="
  },
  "verdict_sha256": "e3042f6cd31f57e892b8dbd1dae922545c6e5cf7b1b97416b07e24850df111cd"
}
