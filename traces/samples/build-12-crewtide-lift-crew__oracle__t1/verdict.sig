{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Z/x7eBzVrcDVUZWGD4BmGpPP4a+9r5Cfg0i+uSidjdUgubjDB0q8sXGewPK49kCQHyATqo67/8ntbeMBpABaDQ=="
  },
  "verdict_sha256": "5cf10d376862f83fe1a34c0d7877a70a9467d77aad69ae20ad48d07c0c9c64e9"
}
