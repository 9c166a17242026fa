{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "llk2Ql9TD4peX3IXpOUGiBYo+B9OGV18iaqDxRUD/UlHzYC4OWMSjLKEICBj81KIzKaoilYJIaZXVHRnU6luBw=="
  },
  "verdict_sha256": "23762720a2d82dbc1d07867a26d62b59ac2bef0a2f49c3e3082193882f710dfa"
}
