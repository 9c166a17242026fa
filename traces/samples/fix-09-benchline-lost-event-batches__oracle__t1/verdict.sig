{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "0TeWLOV6y75npSqPcVJ1aBla+fsTDnR7deAgWWmuZFZIpg+Kpdiun98LTEq0WbRgj6zvSoIEFNaCrxuqoFoiCA=="
  },
  "verdict_sha256": "27ed76aeccb48fffaddf37ca0142c2bec4eab2aa66f6f2c917b68a480e0b3533"
}
