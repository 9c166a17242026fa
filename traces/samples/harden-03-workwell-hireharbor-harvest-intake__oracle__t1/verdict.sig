{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "VxEVQRctYSR3i0DnOdx2n+d2iZ8pVfcoq37kKSHhd8NseERjCA/0i2kPOpQ36eeXZYoZABUmistf7b1W9bUiBA=="
  },
  "verdict_sha256": "a1a23518368dfd064fe1b434b7fbcd3c0adc88d5bb2333ea4923b41e87b81038"
}
