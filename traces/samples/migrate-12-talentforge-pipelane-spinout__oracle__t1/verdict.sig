{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "kDcVEsSPJneVyCdDzuQmsYwgZo9vBzcroHADRLtipvBC0OUaeQlAH0Q1eGz1YcJsnrTX2vMjc1CfEL8P37X4Aw=="
  },
  "verdict_sha256": "bb7dda202e100d4d944032efd5fe80bf89942ca57aa3749ea0b4fd767046e43d"
}
