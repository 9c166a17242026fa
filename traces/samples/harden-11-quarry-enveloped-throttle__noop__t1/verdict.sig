{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "KyMtX+t6nIlVQOkN1PQFbB27SXkOd2Q7eFxhsYFvdtF22Yvxo5/jUeofhLHxdbDrhxvTubSk4rBL7XWkGlSCAw=="
  },
  "verdict_sha256": "0cc12cb44ebd2648c4322e41fda51fa76ac1e8c5a2242fab8e161cb6d82e8150"
}
