{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "pbc+DXy25TGZXNCq5jNo7vLuKLVt4s5cX1ytSMZM9VbVum8NgceYejeKzDkHqPf008jggpuokPVY5Z7McWJ/DQ=="
  },
  "verdict_sha256": "157296abc665ea5f02509a81fe17c1b88f12213378371f05b3ae3748cb1174d0"
}
