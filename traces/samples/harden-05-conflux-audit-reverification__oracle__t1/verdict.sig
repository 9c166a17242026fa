{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "8jt0bbTBjhRWtYCh5WalbiWRAIVSEPqMOW0v2fHD63gobPxRyHAaQ1k2OsiRSsPdtu3/0E6eHlHb07yMUgmFCg=="
  },
  "verdict_sha256": "70a6efb147e4c8a271814a1e3351b4082c8ff4ef5ed51ea3c4f53876c7160111"
}
