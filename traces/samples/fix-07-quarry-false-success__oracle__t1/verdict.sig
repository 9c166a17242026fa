{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "4l8g9/ZDtehNRJoLyZAHWmGke1jhxidv1cLUvSBxPYlVBLqIq1BFrv7ijcmHGI/enSwYZHHEv5FdNn0+ct/UAA=="
  },
  "verdict_sha256": "831d7c6e4d44f99519c01b2ff8d1cae95de6f2c34c11b3ba42dc37a9e1ad0c00"
}
