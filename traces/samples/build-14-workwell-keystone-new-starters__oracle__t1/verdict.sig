{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "yTeJS80u7A4lZ96Y+L4qSZWo5wBUwkOk9vF9SmV+HHOf3SxCUsR9PQ74LkF/kguxelxNbF1hqqKxldVw0TLIAA=="
  },
  "verdict_sha256": "1c08cdf6fbe83575ed1b9c7d3c1809a6374be55a4e365d2e525d08a9674719d0"
}
