{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "hy58LiBGT3Ol7iVk9+yIdnnnYs9vcc3Y8Q+DKlbITpSV3hU6uuXfZkwSfdII12i0YnTJgBY9NSnoZswpwxhaAA=="
  },
  "verdict_sha256": "9d2f61070324fa20d6b8c6e360023c4e7bb893e9aa6d7a251522b6acda3eecf3"
}
