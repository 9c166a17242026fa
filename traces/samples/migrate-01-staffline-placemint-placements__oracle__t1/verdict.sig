{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Bs3JSW5A6mwX/DzxCUXhvlLo2pZpgUPz/POE1UHf5ZhcWNuRMUxl6BdzXtSMaZHY2houu27A/3pmN7h0tqyoAg=="
  },
  "verdict_sha256": "4cc368ea71f378c3443b0d318b8415a3e46e235342ebe7d51fc482142fff1dfe"
}
