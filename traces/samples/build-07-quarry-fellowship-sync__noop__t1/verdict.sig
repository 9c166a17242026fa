{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "+UIKFJGCLSDmWldbL+RB7dbRbW7N1VkQzpT3/kEcqxMTpDqCc2u0vT8Qj8UOvxSa5Kjr1N4nwR+q6Rk2szLcAw=="
  },
  "verdict_sha256": "fd7821d63a64298bb95e40070d7683414d3e4832999c45eae5787b0424f44ff5"
}
