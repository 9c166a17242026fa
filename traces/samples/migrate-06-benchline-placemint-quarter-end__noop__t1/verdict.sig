{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "Msqo+1m5whiY0VgsZ4jNMmwBxfqf5wYTyOqblv0dVL2UQjbBnCnloUcLAUHB0/kcBhz8sYMFtrV7flZ+GyJvBw=="
  },
  "verdict_sha256": "f8481d93395543c68255bf5e2d7bc1539e4e10fc9d04404c7d7956864ebd8582"
}
