{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "u5PaGm4m1xEQ803bixggi1PqEG5VEntQB1wpe7SNmeaAFyBsabXp3SOZCT+T3IIlX9CqAvqo9T2qIpwgFrfsDQ=="
  },
  "verdict_sha256": "cb1201712d588d2e56f4b9785ead09050012544efbbb91882f858146cd720075"
}
