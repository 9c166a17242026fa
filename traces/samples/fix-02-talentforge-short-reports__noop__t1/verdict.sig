{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "1cVSF2D6qdp8UY4RVAJh4tqRVCl+555SQJs+iCY7C8ICWbR/lAf1VlybiyCNSr+a92l1jh2WQDGXa+hhCZ1nCw=="
  },
  "verdict_sha256": "13fb5f802fcbe4d8fa3434c65d2ff151f6b61a9347c9ccb59a97c6b714656dda"
}
