{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "iLIX2uMp+y8yvFkTVXrJMNsvSq/zWVmv15l6mHNwdWblqqur8eoR/8uDh5G7iSkX0hmmqQYAMNw4krs4qEQnCA=="
  },
  "verdict_sha256": "20efed834f87c61dbddbb019fd8ae435f1f16fda808334cac5648bb6c542097a"
}
