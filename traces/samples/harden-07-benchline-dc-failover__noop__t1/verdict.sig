{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "HjGn7kePMcZH9RcFWT2TN3rZy0DXO9SE1wb2rW5/NxlkBdDI0MerIip02M1ymlJWeqVgC9IswNeVV0BV9biFBA=="
  },
  "verdict_sha256": "400a97a2e6b583641d11d1510d07d7cca11259be569cce2d7df96092ba3ed77a"
}
