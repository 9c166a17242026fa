{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "fWGJygXBp9wb0S7rpg9yQAIj6QmdAvL3aM2xzLa9tUuWmMqt0kAbOjjr9xc1QpxXGmzCfU9uazMz+VOHVajYBQ=="
  },
  "verdict_sha256": "41fd7764f13f1a89ede1039cd6c4a5bc9bc0cf5aaa0305c75c629853b62e6506"
}
