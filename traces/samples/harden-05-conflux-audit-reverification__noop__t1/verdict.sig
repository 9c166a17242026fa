{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "NRiXRb+xC8D0uOKiD5EUA3cc6RUvD/dnZ254Td+J3tfBefLOB/83Dqji1Cx4+8PpP+YtEB1TyLYpUJqBVMdRDA=="
  },
  "verdict_sha256": "89ac4ec3dd53cdd07791221394540a7a944005a8e85ba19fa8709fb7dde2c8dc"
}
