{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "Q4i5KcvY652L6wh1QDWEPZB3EXk8NZc69XcY/ebq/W/I33Ja4LQzUzVyiPHfZhiFeT572QtYEzl65mhlFRLDCA=="
  },
  "verdict_sha256": "1cd525e75246cac6526f3d5d4629816679388a6ce87f3ae0dd2e389ee2ce6427"
}
