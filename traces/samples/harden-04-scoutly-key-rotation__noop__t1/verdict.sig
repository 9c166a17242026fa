{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Tdtbuuz/eJbGrsWdzRAJqKeVD7Qe3WTZ26kpr3rjTpPQw++WzLx1bLhjXgvegDtg66RCpa8gmXJao4yUKxYpDg=="
  },
  "verdict_sha256": "3917af41d68b67f1b072803c3db8cfe91b7f22a5811ef7052ec6b0936c1ac3bd"
}
