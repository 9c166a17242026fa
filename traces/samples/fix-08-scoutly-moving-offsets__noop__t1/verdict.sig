{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "YDMbDzhzbdhgJ0cRRpf0W+9rUE6s2Y5xg6tQVetMVD0eELT3uD/Jal1AwEgNurAR6N2NgyJkLcJHTcnHd4TODQ=="
  },
  "verdict_sha256": "f5579653d5c24c3c743345c3fa0af4c988c5a56d3075c9443378f40125d61d78"
}
