{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "sRfkoB+/RG61SJCsAsDr0Z0R/mVZroDZ5fUKrnwtDgk/tNu/VxVhb7WQzITKQByKBNiXwmhyrS0c/IBFbkJzDg=="
  },
  "verdict_sha256": "b708bc4d536bd3a9c5a14849ddfffb8cc3fd8586b00668420e7f1765dbba020b"
}
