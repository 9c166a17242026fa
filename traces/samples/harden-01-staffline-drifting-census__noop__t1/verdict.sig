{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "IY/l8RkUYzJdBzJEGfztMKcaai9UG04dTErdsoiuF68BKOlei6c9OSpYjo2E4XRwpXRN3LyCqv4GLE8++MlFBw=="
  },
  "verdict_sha256": "0d57b1aa068cf0f6ce4adf74a77b4921ac434e2ddea9b91d36e7726165d87d35"
}
