{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "hda6pfBW7EFeg37CVBQdNcaEC2Ia/+/ceyDecpkGUnR9MryGk9esinFTdz23Binlu4h+iwT0xkKyTBpvpaGmBg=="
  },
  "verdict_sha256": "06a12c153fedf771d7c41ec37b124f856c808d7f34bf948363fd7b1eb481a19f"
}
