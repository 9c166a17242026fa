{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "uxsInyFi1zO9/SzaMlwWQLQ1/oqT1x2hWsGtnblXFnFDTXP68FKWgZy/o8+F6WsV5FMi7EiiZF4b0yaE06rFDw=="
  },
  "verdict_sha256": "f86f56237cb72d5c877f4382027c40b8592acc0dc48876b088fe9d097e20ce65"
}
