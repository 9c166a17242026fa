{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "YD6hPVlOuIA80Yf7yB57m5LktRKmqJn/J5lWLlL6VtKxuyw2hkTAc+5uqnhOYmFuUfYEYt7qEvEPmEc+/a5GCQ=="
  },
  "verdict_sha256": "bfda5a737ef83147339fb41bfbeba46f0b0ede30d4f935814f6a690710e8a92b"
}
