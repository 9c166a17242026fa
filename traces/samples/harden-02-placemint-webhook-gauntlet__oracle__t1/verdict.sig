{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "T10uRqBToRfRU4c4tqyM6Hy40Tgf9QlKpveJS4oK4y5A6IQXL4pzQsyZoBqYM7bptWPO2uqKKCRBOBt+ZXz9Ag=="
  },
  "verdict_sha256": "4a14e1a732e343cd90c6301bdb22f8ea5fb2f11d30e9be1434ed2f463ac49cc6"
}
