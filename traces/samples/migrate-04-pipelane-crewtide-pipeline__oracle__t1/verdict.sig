{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "FYaGhg3hM5fT2LyjlwRMK3JzKNEXQJP+0WvdO9ajpYWzRZh9osCXqcREGl5NQ30iKzhqD6ZmYNDUg5RLyq1zCg=="
  },
  "verdict_sha256": "3d4aa55c66420928f13fe8cfc10682fdc4c7b23f96a9a41626432f12b58b6e10"
}
