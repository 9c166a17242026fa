{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "D9qF7cvUcQz/yRoOzHAPzIShlbN6EojHDCplZWLN1ait0t8NkFdDhoaCT5YkXezctVoq1T1HgOR+m/oTLWDwCQ=="
  },
  "verdict_sha256": "3cc477e01a90faa2dbd36b823a718261165ab0b5db72d180570eb96c69d75af2"
}
