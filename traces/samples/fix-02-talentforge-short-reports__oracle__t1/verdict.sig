{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "OdJ49d1c1nr4UjuwNqzhTFF+VrZ55+C6hVOmRFTS4zgfySamwQILfhrbWD/1UuYuYcLL7KzUExiqwxWDPLNlDg=="
  },
  "verdict_sha256": "806a0567dfe33b8142669680a0db80a60359e49e38859ced60fe89d9a837a975"
}
