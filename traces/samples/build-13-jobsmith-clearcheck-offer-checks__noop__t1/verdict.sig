{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "hvR8K9nbTse0E2AjpN70J8SWiCw5FMfzMYz/jARzq7L9bJBQu6D2z2+5MNEnUAuMvZL4gPUbesVuh2KsrzdsCw=="
  },
  "verdict_sha256": "69bfdad06ace962f6c7ea7be8ee9f6f4e8f9804e08a0be86d521ca4ddc6aae07"
}
