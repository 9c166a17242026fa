{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "HWHRxXde0DU8h0gck0b9OmbYtzDugYE5+9T0V4st1nMf7ZOb4GoH6n3s368YsZnLv2UEHXqEKyrGzIczrak2Ag=="
  },
  "verdict_sha256": "18f777ccef82534a061d38b0e74768ba9333612e5a0c7430f37813ec19ec902d"
}
