{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "gFvyDMQq3+V7nWSk3ZW6UUgdoftKcqj3wTHUFW8hqCFQY+bkBarUK7Wi0AXwDc+x/Rw5yuIxbsZNohCQa0yMDA=="
  },
  "verdict_sha256": "95f140db9a7be9e4e8a5a954f416d08bb541ac88040eb8de028331e653bf872e"
}
