{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "l9OfZUd29ncwd+4KMefOtgvrm0zu7hVkOnk480c6FvhPAdwp8ghb49B1VEN44AcJ13ODv2lFDRio27qY/KfkDQ=="
  },
  "verdict_sha256": "30e8faac2edc7f1f88fef0452818f2a77a32439962bd22d65036b3a62298014e"
}
