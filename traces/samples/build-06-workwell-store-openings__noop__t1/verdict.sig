{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "ByuZ9ogMm5FYu08HJW6S9W2w4VtGNxsFYjFa/4iGddq3L5ycd0QvbNSdl5DLy+h58ZDoCFNqXM3+ymXCHr57DQ=="
  },
  "verdict_sha256": "3f46f30217a3485e67d75897436175a610cbd3cd01ff8c91fc67a294ceea905e"
}
