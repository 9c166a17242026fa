{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "jo3wkeA1D/chG7LeVVcWc27TzWIyrI0YptwuFk3zGxU4pWtwBS32r3GaFU6qip6jTBBj59+cxcSXSpWgGI/MBA=="
  },
  "verdict_sha256": "a19c6d9306f576a22dbc93e53599ebfe9692862979f54c4b0e003228fed29f00"
}
