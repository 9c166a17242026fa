{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "qZMNpzGQNnDAR6dloVAp/N4gj/SN+ksaKJiO6BDk22VKvm73e52bQqPHPL4eRnw0bEokJEn2TjGDtQTpQsq8BA=="
  },
  "verdict_sha256": "ea7cfd652d2ffd2ac9d4d0fcfd07150b928ec45e3b878463caee9462ad96f201"
}
