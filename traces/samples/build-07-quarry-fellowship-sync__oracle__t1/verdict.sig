{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "09K3ObLhDvkILGpZCwJGbzBvjV7Z3p3NfIShZV21o/ZiX4vvr94eVX+GIIPaL2Qc71KtCt1VSFNHqYh+ObqPDQ=="
  },
  "verdict_sha256": "2832dd7c77c8177ac372bbf17ced792a4be0a73a444106e1b122fa64eff63ff7"
}
