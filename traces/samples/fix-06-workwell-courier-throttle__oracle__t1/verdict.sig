{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "x/3qC7DGegPdWiuGDCFt0HAbuRobd4aUmBl1gw7WOlaETqwOTs4zBDoUSzmDamo+/q/56dYapozLiS99vA5aBA=="
  },
  "verdict_sha256": "24734892ffc95a6fed4f1810024d905391f6854d43a22fc4d494165b54ea88ee"
}
