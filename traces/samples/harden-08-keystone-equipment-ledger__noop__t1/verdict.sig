{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Z0YwW3+itKPUrXEKFLJX/it2/sRjEkVaqvIZLqpwGCtNwMIrGh62gIqBa9vjQCvK2b7IQfQyge9xgKKlAgc1Aw=="
  },
  "verdict_sha256": "1b74869d675087d08453b4c94a5fcc1af35f7c729509aae4d69347256ed97073"
}
