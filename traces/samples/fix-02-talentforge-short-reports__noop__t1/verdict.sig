{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "N6RK6fzL51Ro8cuiZNvIw8ABt9d/D9MbyAvz2tpwzPwOuOG86nIYiNOeQnTF5AGB9/BhA6Ue7X6FwyhW3x0dBA=="
  },
  "verdict_sha256": "af515b6a67e65a6194bc6ff7b2ad12eb99ac234921573227af96ea0ffb786e5d"
}
