{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "tSs4UAfflr9IbPso1DO5uhVwkBfHYn8n3yDKU3x0z0hByxVs/xRwOTYoyRk6OU8Q1PvM/2+qtv7dEyygtz6ACQ=="
  },
  "verdict_sha256": "1d736a0c3ec92c741453dce22ea9c195107b5c75a4b592fca64fb2e7e6b736c5"
}
