{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "wTveoob383yzLk/gcleDBDiruCgWSQiCU0kDmOQCX6caUXZrPCrJ6eixFXq8lG1xBzpmBFF7m3NpGG2cotCwBg=="
  },
  "verdict_sha256": "ca8793d8aac7e1e8ab52960212f200cdf7ce15bd4656afa3036c77248820ba10"
}
