{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "qYGR9Q++rVKBbcsf24lr+wYaWbQ2ZuYfivYkYzkwrcSEq28BOctMyE4FPTkdxaSnrUQVkxYBzxhvjW7R4pmwDA=="
  },
  "verdict_sha256": "f96de514d23b4d7439b4808bde33cbfe6130657394c473d2550d5a8d533baec6"
}
