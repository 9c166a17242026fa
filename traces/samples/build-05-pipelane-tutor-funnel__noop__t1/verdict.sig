{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "ip9RK0jxwd/abtPPqhZfBTDslSsToZGl/zY/6JBeu6unfJjvbiU0TK+ORBx6ck5+NBU6rKGndqcidmT4yf4GAw=="
  },
  "verdict_sha256": "b3096a7283a1c52365b8c6e3080e202b2a6427acec3deffa0103684eaaef4c36"
}
