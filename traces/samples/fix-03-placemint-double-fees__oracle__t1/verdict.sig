{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "WQ5VF1QYtyE0f3X1PzloxNZJhvtQ674R+VJMGB1/1oWESzUu2bTtuOYOsCxUWCDT8mtyxbfTGqn4zmE9c006Dw=="
  },
  "verdict_sha256": "b3513fa86b5c85446b0c0d0a13d0a1d8e24b0f1d74da9278e4fc2f7b2953580b"
}
