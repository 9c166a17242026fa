{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "2PskalMSf3Qh3qOd3UFI3F0ZE0L84tQzc5cUxO9B7ZW30HdfWPiGeQssSEJE8EL1tXiU4vO8SSdTILvr9RGACw=="
  },
  "verdict_sha256": "4cd5016f2a3a3739f18b5f04621a45f81b80f2e07fe6c6b2d4107f7b92549519"
}
