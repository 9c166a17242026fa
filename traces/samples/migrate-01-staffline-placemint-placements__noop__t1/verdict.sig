{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "2e3MWnWE9fPCykITDHDN73e53f0rCZHFQhjsqvGpOy5hXnyE9tgNZQI1du+tkAoUtLVk2BK41SJ/L+vUf61dBg=="
  },
  "verdict_sha256": "d73925b9c93e9787b207397e444204aab9d2465a988ae41bb93d76cc0edf4027"
}
