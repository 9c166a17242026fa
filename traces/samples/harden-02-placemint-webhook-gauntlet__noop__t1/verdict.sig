{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "D2NR1YS5ImO4go++fUUaOi52N8W6C5GmLCCw0bxODY6AWMw5RhWn9EcBq+IV4rgWedkOWF6sbHHCsQ/X5JXlBg=="
  },
  "verdict_sha256": "1e9ceef742b689e2e67073b95439bb10305a393d8ded26c939c873be48055a1f"
}
