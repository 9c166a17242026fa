{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "MOWutKctmB/uL0RE3hnr8w6nB6tyk5xP9/N/bT1L/NqIUsy5Xep67UKjVd7HsVicGX+RIhhRIAlJ7OnvsKfDDw=="
  },
  "verdict_sha256": "c6844e824f1b27653daa981dddb9727d02cd5c2e6812e82d15d2d2771056e030"
}
