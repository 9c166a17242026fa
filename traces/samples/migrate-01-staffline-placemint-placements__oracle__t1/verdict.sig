{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "VeyP7oUhiUSQ2jlSUVSyO64jcYVCpBTSlXQ1UE7VDCmqv90rSEuzigl544OYpAkOZjmYa97F/ttZe08Oa9weBw=="
  },
  "verdict_sha256": "76d56074de343ce0edddeafcdb89419953cf28e71dfd3b9a9aa91d15a8969299"
}
