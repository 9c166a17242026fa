{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "UvuCNR4e9Q1NIJmi7p/NR4P1Jl1mNF2IneZHTHm7vv2aI+6IavWCOTrT6TlMjj40kQRZ91UmoQQngIPcRe1FBQ=="
  },
  "verdict_sha256": "fc3034633f68d9a2d38c77d74a82e135fbc168e1afc7761d90736068cb0d2e85"
}
