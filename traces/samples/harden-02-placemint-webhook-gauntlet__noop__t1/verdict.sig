{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "N4jXYQoRukPhv6HlqFYusLrQYzDUuW1cnvNzEnzGHKx44ZedocvlF0f8z59oTe/OYObLJVtTOkxh5ncp4l40DQ=="
  },
  "verdict_sha256": "080cea3dada2988d5ed7f241585b46af753aa56b415f6ad8b822440e1b6720e0"
}
