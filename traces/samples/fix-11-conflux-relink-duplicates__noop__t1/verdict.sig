{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "4zCJP/zPj9jAdMLxoBbKtqUL86+VZMzca8/BEjzuNW/cziD7ceCG1UaR4if6orHZyV6eOrsv/2rnVG1dKE64DA=="
  },
  "verdict_sha256": "6e40ba1c47b240065421a7b81a79c07d3ec72c93102fc9026dd838245d4a6adf"
}
