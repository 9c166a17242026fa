{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "bnZ/srCEV10xGdfAcPtcaY3g6Z9BAPP6yVP+UdyiscQX9foHo2V1REtI0oILhYDk7XvdR35bML6u20siWqBtCg=="
  },
  "verdict_sha256": "d5cb3029ee5f48cba045d99f4c4d91d9b8977e1ca8cebaa188831132c766daa0"
}
