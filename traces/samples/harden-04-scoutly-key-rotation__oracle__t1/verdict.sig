{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "VK2NlgZ1pA92yk0GLR4tAQxFbOVdjoGTI1l2Vy91ikzXzskUm/Gmdy32+zkB6KooA1jPV75h556lVzhHKnA6AQ=="
  },
  "verdict_sha256": "5815af0b1e84f875d40b14d2c3f07d1d4af7a64590df747a750635e17980c71c"
}
