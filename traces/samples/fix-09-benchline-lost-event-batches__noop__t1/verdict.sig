{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "7nv97/TK+6QzteCYpcMC4dciMIVZfLoTX2SJ7y448Iu6RClpUEXJKz0Yc/D/4YX1a6YrvaFcWhiBzacCxh7KAg=="
  },
  "verdict_sha256": "fba67f4aeaabd6d892e3120c0a58247d6748681476a1ab664006619e4e12bf83"
}
