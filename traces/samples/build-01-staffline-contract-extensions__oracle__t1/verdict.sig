{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "OR5Z5RNeCObHCQqevrWL+Jtj44J2lfLmB426IV9Xb9BQEn2jD171uRq+pHEPel2NDI0gL4eenxespWcTWxf8DQ=="
  },
  "verdict_sha256": "1961bd2559145b2b3e437317036b743624568c802302fdee476a379769d91287"
}
