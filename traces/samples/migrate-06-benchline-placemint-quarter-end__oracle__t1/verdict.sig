{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "8NGKEDzx5fKVvkqeguIi5ypCnJ6rvOb9yOP98uueM4G4Q52plpUg5MnImXuMTfvr4u662gmnJ853t+vl/liWDw=="
  },
  "verdict_sha256": "2ae69343a72f42f88f25a7ff3ced215c55640bf6334e78e6d79af15b8deb2514"
}
