{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "hSDwowgWWCB0hnsMC/kpXQXkzs877Uc3/Nu9J1Yx22skpkmSxEOdo7gfTReVIe0FtCmsR8ezxCL6E7wvgkSKAw=="
  },
  "verdict_sha256": "3a8cda54b6184efe3afb51cd62df2a245b501240b43aefa1636727d5fc937cb9"
}
