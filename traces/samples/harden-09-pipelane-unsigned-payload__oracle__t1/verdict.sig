{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "em5m7D6aqeuONBct4SWSGi7eaJFRk+rkfbnKjBaTPsjwTkj3Um1YOFlY6/qnDYE7DY2rKaWxI2QGNEoZ31w0CA=="
  },
  "verdict_sha256": "2ea3a644e78dd9646625c5ebbc94b1cbf99f469fecc41f1ef135f9f1e228513e"
}
