{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "9adB8lQ2uaS2rNyc+uBxcN90mwXRIO6O+p2xNDq/++ZGBX7vhHnWKbLw7xk/GmleQxXKmI7s9e73cycfNU9BBA=="
  },
  "verdict_sha256": "51521fb42cefc28e25a3309d96b14bce34aa5864f453dd183a0902a427e577d3"
}
