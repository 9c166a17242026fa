{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "mp2jt2F/EJXvWS5qARu0cWCtlOeMD/s1RBj4BLDf53DroibYXDhWhN8Fm9EZ3WQjZf3iQovxIyLEO4z0nJJPBg=="
  },
  "verdict_sha256": "ace353e293daee4d51f36247f5bfc62f534111781b7ee3330161b062c2e03b03"
}
