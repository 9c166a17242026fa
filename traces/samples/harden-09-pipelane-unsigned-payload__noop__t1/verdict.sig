{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "IBIoL4dX2LSoOXlS39COikIftIpsfUHT+inxHJHEn8XxyT8RVKbFjNGgafkwk/IFws9HpgZOYzcLEYXW1tWoBw=="
  },
  "verdict_sha256": "ed025390f9cb42a355c76f7a3be806c95156cb7e27ec2e86fccf0d82ae7ce9af"
}
