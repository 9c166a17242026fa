{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "+zjD5rr8j/7Fz18zXT85KsPgJOf6RDl1stEfbo/rsHJ45G0jyxNIiBJPohgYnL4grv6JeZoZXoktl++Qm53gAQ=="
  },
  "verdict_sha256": "7829a3c62932f5f5055b0cda5dbefb2c39e136f75c0cc0adc297d24fa4f27488"
}
