{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "8pab3cIwD+ChNcpQY5g6PetKJYeZlh6flYztlrYBJnGzIhAan1JJ3Vsimukf2Mhc5mnZ7DWvdLTceIZpcMekAA=="
  },
  "verdict_sha256": "710f44aa94877655984d44d692882a6e92840457ff85f596047c7142e22bc815"
}
