{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "cedlDX6eK1GvPIYLzLS2hE7OQbPrIKqKyN2AzUkco63M/ZFOfJZg0NNKfc73i2eA3ym+tnkzMU7oWRWxpBWhAg=="
  },
  "verdict_sha256": "f672ea9362e870498a551fed2ee53e07e2320ae01f17a7913a6c3cb16c992106"
}
