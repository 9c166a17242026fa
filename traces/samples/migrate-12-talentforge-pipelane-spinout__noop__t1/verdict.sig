{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "nWHzUwFRxwAxIBvmiySIsICNDhmhsILgpKupDcAN5HRXUmWcQoWy/jjMuxDKg9NUqTES2g2wBDkLDGnPS7ApDA=="
  },
  "verdict_sha256": "a8d18f9bd92896dd27a65cb004234bfba0774b2f04f71e59712b2f1f6e7f65bf"
}
