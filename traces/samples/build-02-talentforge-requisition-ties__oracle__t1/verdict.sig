{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "fTDpEddFTl0J3m/sPhuOavxlt+0cp+YNir3r95NHXB5UoIthWOhysw4Y53FwIKthehcV9fDpGGTdQWXv7BJtCQ=="
  },
  "verdict_sha256": "3eadbdc856430e32c199ca97db8be7fc831896ce96ebf7331eece725f6212973"
}
