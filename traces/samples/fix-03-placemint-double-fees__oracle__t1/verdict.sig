{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "cxKld5ixnhKNQw1fzaL37TSkqIYwr49FyER9YN6XDjBLzwuovCTpoFxRT7NacqaQ3oTNBkLoFSBFw+JxhaZIDA=="
  },
  "verdict_sha256": "22d3320433866a6864cff6c4e4c6d4d4abb916be8668038f815a899540168c33"
}
