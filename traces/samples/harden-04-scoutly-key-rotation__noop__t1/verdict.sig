{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "KW+9XK7wyTsIawDGSrUaiV5uOHQyG2BZ9r6lcU2sOVoVP9GRwbRNygO+ORDUDAPP1Mt+/gJcad3YUlnyM26MAA=="
  },
  "verdict_sha256": "532d9becb5c59222c777ad9f8b8859c439dd17bced738ac0f926fb46c7a305b8"
}
