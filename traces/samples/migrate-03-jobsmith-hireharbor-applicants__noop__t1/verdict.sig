{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "MBhITf9UC0EdI8W1heWecOwnYD4Vl2NYDxISIgGo9gmMEROVTuBYfdb+4oHYZskiwlTPqLyQuql8dqlxAIVUAA=="
  },
  "verdict_sha256": "8f365613b15561e9d1181dc9537375a240bc6f1cb61e4eca8e35c39c280eed9b"
}
