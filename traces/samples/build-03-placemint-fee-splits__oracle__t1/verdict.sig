{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "NKKZkzK6VBpKxesd4C138mWPaT2/PCaCHk04ytpoZ/xuYg0F6xAyGra+Z778IJW1uKeUiTPbYIII9aEr4/4qCw=="
  },
  "verdict_sha256": "a20211b17d58883e1f08a80b19ac01514667752497af6c6f8fcf596a37083d08"
}
