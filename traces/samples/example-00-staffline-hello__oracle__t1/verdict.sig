{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "bnPat8/7q/vIIXnCvdhnU6nH4g8ZtE3t0K8EzN9NbPnyBO2eZrQFt1ooKu9ep81juDxvUmgLk6ZA6B7OsJtVBA=="
  },
  "verdict_sha256": "fbb308793cac55df06860de2463d86e69fecabfa9677cb406ec00b2012140720"
}
