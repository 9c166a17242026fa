{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "QgjzNdvmbPHz65dT4AU1Iodgg55tbN8UOCWF4ahBQf4aYRysk/LrCewUYRWJMbW9eIwZO0tkWEDTjjyVlC5QBw=="
  },
  "verdict_sha256": "33c44375f7592b7a7ddd4a1691fd71d720f88b96ea1fae92e544299d63478c21"
}
