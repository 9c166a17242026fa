{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "2Ws6wwgTnfaxfx4qe2ItrsMS66I2YyQHWuhRxl3pQfVHUu3ev5fBOoIaCW0KvrCjFa8WHjpHBHs+6M5NxN2QBg=="
  },
  "verdict_sha256": "ad79c0fcc20e655e23c697d5b5371fed9da04e49c741958c1b5626db82008f5a"
}
