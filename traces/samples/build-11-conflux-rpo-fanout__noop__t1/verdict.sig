{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "9Qma62z+PRLz7wMZg8m5U60s5W0PxNflkMC6wTIsmOKwTY6wT5MYm9iuFn8DJPzcRUQ/1tLwCm6ACkyf1f3DDQ=="
  },
  "verdict_sha256": "7afb00e336a55fa81731d29fd74a0ad44d814c9d96afd23615a63373b91d8431"
}
