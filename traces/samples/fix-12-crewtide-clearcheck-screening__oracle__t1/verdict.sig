{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "43xN1udDTrhYrOi4TcBacnk+GtaVcxWiPTC12JFM8L4W+y+7fDXeDhMWvqi+GKRGVQbekHVwC+zcQw6lKM9DDQ=="
  },
  "verdict_sha256": "debe79a176f480b3924f494295c7d0e850326ca4696613185efff10669113016"
}
