{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "6f99McpYbif32uKQZ2scYoNvcRQNJbwcJKJOqNZvOj5JX/bPf80N5n9tRKsHS5/pTHx32/+OvpKULk+EPYuyCw=="
  },
  "verdict_sha256": "5585fc2b946a690ba0fb62e84b32363ffe8ce36a80e41f20d6cc81b48edbd631"
}
