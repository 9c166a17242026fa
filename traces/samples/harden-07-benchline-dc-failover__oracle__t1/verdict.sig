{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "T1sgHdBRZz+RswUoV5HRokw6m4cCpZX6sXwwzmZwqP540LX8+uZJULJT7oYViVpV7UIzC2HmAmHOtFjLS52hDg=="
  },
  "verdict_sha256": "59a70ed4fc7e077d359e0955ab82f7835c27e0ca396cc01a78b37e53a70697be"
}
