{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "K7qZj+6+5HD2L6iUL3IMGBuZGejKBvV4BMlMhoNJnG1H+geqrzQEMnvL/MDNyrL1ege+Hk6mx0bYoO2uaNekAw=="
  },
  "verdict_sha256": "66f9881e3c46c6e46c9cfe464bdee24a7856039f7694e1b354de964eadd7060f"
}
