{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "1Uq65rVMEJpkbIkjhb6O6Et/3rLoJtJbnP6znS4vcZUpyC0uwuiHvCgzXor7wg42caVVYlhG/tniGluK3QxlCQ=="
  },
  "verdict_sha256": "3e7e9974caeeef9c0798a0a8544b87f8750c7de828f68a9803fdf7ef3c70c25d"
}
