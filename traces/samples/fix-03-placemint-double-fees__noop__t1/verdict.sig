{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "mjxSi9kUZY95NVwJ1dCd65qlbx/3xApXzwigww6mzmkunq879AdNslqbO1plm0GMzHBWlc1K0MgdW4jmu1ZQDg=="
  },
  "verdict_sha256": "e13055dedeb296b3f19ab266bee14c22fbf81007239ad58083a18af375669d79"
}
