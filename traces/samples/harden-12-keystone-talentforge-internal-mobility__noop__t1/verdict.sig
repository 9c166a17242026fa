{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "aeil7Gz4S/RZ+vda1Np+BVN4eOktMg46Mho2c2izyjGqFMNZKqIvEGbwGxYRmRJrurSI5Fm27+1000s4t32nCw=="
  },
  "verdict_sha256": "f4005adcec88618693f01c62848c37fc25bbc9a98f1ad561be2e018611da6479"
}
