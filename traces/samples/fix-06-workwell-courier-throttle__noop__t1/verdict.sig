{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "JuKBb6YBiqrWdQvUrGKfJ0zr5XEqklCcYVBa1xqBuC77Jgi1pGWvdnNSV+GMFw6Ypn/GXUEY3oG9OUwCficjDw=="
  },
  "verdict_sha256": "d575b03e4d3b8a1e1f3247f3fe7bda0a6b226054312e76ea363f2dd433c4cc01"
}
