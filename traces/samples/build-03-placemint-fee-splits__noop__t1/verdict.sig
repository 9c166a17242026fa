{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "S2qZNP30uPgR1LucwNCbeucips4B2baL2f4VURiKfEnZOPWNehwcOLd3NQC4FMmbjzLIwLf+EBAsQ4amRsz1Cw=="
  },
  "verdict_sha256": "d99c4946c17a8260de3b8f12bdfcbfa3715c267aa07806b4a444703f06d22b85"
}
