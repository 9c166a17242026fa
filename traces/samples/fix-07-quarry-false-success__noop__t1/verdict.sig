{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "nb/fLYKwjl9M0MRgRy7322TlSPjmPRljGDVQAKjHoQHw79aolb0Hm1oQGPlhfjwfLNmtt0VQWgddywUz1RskBg=="
  },
  "verdict_sha256": "c81024719dfbc7408260d198d9e7f87b1e19b40159f652770e3369f935213d03"
}
