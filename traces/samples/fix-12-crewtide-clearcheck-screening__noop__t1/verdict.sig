{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "M3S4RplsBm+01/gED+h6MMhBVSVml0ZOTBZhVRXpOhaG6/3AwbacRoqfDu2fA8vOfOi7z/VhFaFCnUQl+RjbAg=="
  },
  "verdict_sha256": "69ea8a905903f4949d0d81bffefcc59d5a40f78083c9db76d8c90df0269a578b"
}
