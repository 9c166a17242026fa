{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "yittImNCYjYr1LBSk9O1jYMbXrsDvmSrXvLukqn+JmLJWwyz8Oia3HI9GH1ppCdJxChI+CrniGUY5EtZT11kCw=="
  },
  "verdict_sha256": "34fa3fc083cede9f32463812579972b305f6b4c82877593e08fba6c171753e0b"
}
