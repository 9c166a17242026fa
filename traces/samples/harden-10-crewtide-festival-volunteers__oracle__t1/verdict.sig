{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "J1OttYMxCtCxLJrpdk7GrtXd3LqGkyfBVnWJUuteuWRSkEtGI5u/p9oK9L5+3rg2VGuN9AogHfk2f/7ZddtsDQ=="
  },
  "verdict_sha256": "60ae95c616d851c7e97f6d04c29d5e8f50157199e15691e0e3441fee414cc717"
}
