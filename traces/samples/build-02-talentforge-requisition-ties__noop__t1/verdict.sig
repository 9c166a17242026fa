{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "o8n7+l/HwSosfNukAtlqEN8xENXYEuUtZgUPQdQbctzXnCz8quEaZigrowHagpwIv1yf2lhxSb2m1q/jZMjJAQ=="
  },
  "verdict_sha256": "41d4e1ee69acce83815ae9d4aceb8d020e547ce4a4198c20aface21bab169b0b"
}
