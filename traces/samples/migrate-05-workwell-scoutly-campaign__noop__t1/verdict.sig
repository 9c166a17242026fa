{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "TZdeJv2Vx+9iC6GZr7awZVL1BS7Qz6763HyUNBTib7P/tqyzr3jYC+k6AE/ehcZRDo3XcWz4UsPNMfYdoSbRAw=="
  },
  "verdict_sha256": "4adb27c3593ed55519781f41b9f611c3a40df7dbbdcf0b3fb20f9f48d76ea6e0"
}
