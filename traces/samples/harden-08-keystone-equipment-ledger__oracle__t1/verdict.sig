{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "bem7Qul0KWF2zNnRgY6RXe0KPL8wWJPaNAM+9qXbN2Rbn41YKw4nWEvmaLd51HGHkaH+QwZH1tLn+5XY2KTQAA=="
  },
  "verdict_sha256": "1adfeba00425b0c6c5f3454d178397b3c5715f421b2ca9c68464a2b619bbf7c1"
}
