{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "C7ME0GpHC40ZtkZ1nVUB3rjueVLbTQ06HEl4M6bnxsuj+t2UCw49ZJhfUCMpM9wd20wyNwFnObqWf1zw/LMEAQ=="
  },
  "verdict_sha256": "39d579adeedffaf1ec1ae8c05b065d22f84202d1a7d7722868d3976357c3445b"
}
