{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "6y2032TGxUaXxW4JiOgdz09ODWhRNeBZdxx/2zeLDbksAhVdJjprkj0nofMsr/1VKctaSFDTV1Kyboiil0mYBA=="
  },
  "verdict_sha256": "b24a896778d255dcf784d5cf3ddb16f9940b6b1070f441f7e62adeeb5e256e51"
}
