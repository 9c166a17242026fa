{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "AR3+dh+yJyOVuga3zGJk3siV3v6+And56JVd4bNrnHcRdc5cARomyl/dtmT69aYkv4qCmXeuUcSw8My6Em9bAg=="
  },
  "verdict_sha256": "34314bfade964ea5123a7cad1460fcb1a396335542cac6c7eceef8013b21fdae"
}
