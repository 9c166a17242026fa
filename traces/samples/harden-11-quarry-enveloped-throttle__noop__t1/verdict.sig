{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "mn6PmY7FLml7+e/cHdICP3tAbLRd+G7EWB9ZuOVueSkJ3UKpL2ubvaT5kQ554VFaXcSgp5TUwNmcaBhnY2HCAw=="
  },
  "verdict_sha256": "404827d6013e63166fcabf02ec96350ee70d9b7353988d6c7e6c46f2fa451261"
}
