{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "/85jckWFXEWp3RLyN55mwVvpMiMqthe521avipudcXvCNBZvzhy1/xz0Rhg3QwI9zIhnh2pr/DFWXbAfbBimAw=="
  },
  "verdict_sha256": "1c128e2dfb0e83e1e7995b8e105ab06d42944e3d5fc4b5cd054295a4cc9218bd"
}
