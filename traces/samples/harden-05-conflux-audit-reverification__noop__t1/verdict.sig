{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "UMZBaxc2Om4GQwBAOFmte5SIpy33PFOcZub8311/oCZzUuvOauJEJb2Z4NKKr0L+FCEWtGuz/aHB1B79ZK/FCg=="
  },
  "verdict_sha256": "910b1f259138ac4d28fbc6a6c3f6b6b61c54367aaff561f6a376332b1a8be52d"
}
