{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "qseoZOr0BnpA6NIcc6rjNV4CL82eC7l8+Mp2grH/VsWJB3bUXtbseXIa/CUOYWW1LgXvqoTRj88VQHY1JN9IBA=="
  },
  "verdict_sha256": "4b5a5607bf3326dbda59f4e92e648128c6a1ee327711d0bd7f2bda6164716eda"
}
