{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "7wiB8Tul+GHD/NWQFRqT/HsQlByY9EC3huh4vpFq9BhOdZ/k3zctEk9HMynts9vKHf8ShsIaZOl7OBK37GcpDA=="
  },
  "verdict_sha256": "943f3ff01c8ab4bd1e9cd78e9e2d3d6604dfaa2bc9f671462a3423a46a1d662d"
}
