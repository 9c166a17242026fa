{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "LeZo2sZSCzCMxwFUBklfI9z7pIeiAqtrWbDtwbZo1VA03uCtl8kbBzA6NRkP8oOyuYWHuQxKOjdsVYz+sfsXAA=="
  },
  "verdict_sha256": "96e2f30064a3326cafc4efe443ca421e9fe28596c6c92eb15c7a5ce450f1761c"
}
