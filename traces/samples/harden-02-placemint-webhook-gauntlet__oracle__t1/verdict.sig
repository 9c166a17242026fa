{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "o6Z0jHoVllFYGqbKK7o0VLav0OleNipJL3OoX94ALGB5pUU0cq1JowY+GHUJNBDcRA7BEHpLlRdji9bdQO8MDA=="
  },
  "verdict_sha256": "34bf0b1492878ae6a395176f34c27d476186fad58786d4bf152e6f3f2855b471"
}
