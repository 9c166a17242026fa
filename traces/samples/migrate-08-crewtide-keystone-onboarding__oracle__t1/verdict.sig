{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "UEfTHnBP9ECAgmAw1xc01AqpDTZy8FtD4EzWw2+AZmLZzCw0Q7GF4PDm5YMFTDJd4H1TDeMEiZH8TjLDW2dzCQ=="
  },
  "verdict_sha256": "40dce10fc20b4d7c1558d0a1188fcd271f84f6d747a817fbb5e4aeef491d9e61"
}
