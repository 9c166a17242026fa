{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "+jtA/9q6phPmyu7h4YSVcIvzkju+LfjY+udCASy/i9QjATU8vJIXbkK5uR5MItEu2LwNbthUMSjBQimyeViMAw=="
  },
  "verdict_sha256": "6a7810060da3ff3d1dfddb7207a7ea0f9239da0122ccc23ddae501e29c32e30f"
}
