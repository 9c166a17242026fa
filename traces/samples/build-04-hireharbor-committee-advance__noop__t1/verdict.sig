{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "UEgAhSFMZ+UTRlST2H+YrN9AdH/DkdgO29+nZkUQim5lqbFLG8vXWPqrpJpNx9daP8+CFRV+yWFMLqFAagj4CA=="
  },
  "verdict_sha256": "f6a02d5f542529e226ee259b6f6186e6fbc7f44d1cd08789b07594be58a3159b"
}
