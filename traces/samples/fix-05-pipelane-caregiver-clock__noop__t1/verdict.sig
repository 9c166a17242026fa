{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "M7WC7M4lrfKcmiF4Ba4b+IxPTDpaIfk4SXgqSQU3CF/bZl7FUyHCGWzaPBCuSe13pp+qmcUHG3c91XFLoCtZAA=="
  },
  "verdict_sha256": "dd16110b1637f831c94b7a41dbb7162203fcb6b65c6248e9a0809c5841ba7e95"
}
