{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "iULvKht26Cno8cFPjQe9Iaq7La2dTbT8HET6SaxfKMXrFrUcBezCsqjp0IZOtQaQ9Fn1ny3uBIO9XweWR5SGAA=="
  },
  "verdict_sha256": "c00da00e251cbe9c1bd4ccb48191664541c70bbdf24bf2841e5b416d50c17eb1"
}
