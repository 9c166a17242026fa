{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "ME8rUd+eKIhx0XpxZVtj54Az55GT+UZK4X1M/JEC+FVK6dbuXEzSWpYzNy0cdh1bh86Vo2EuR3aF1oDfGLZ0Cw=="
  },
  "verdict_sha256": "cd24d8cca44a6eeb3ff475adfcf9b8e80fc3fb43a32abbcfaca3f5ea7d5fce45"
}
