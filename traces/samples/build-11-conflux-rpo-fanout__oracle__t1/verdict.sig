{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "NMgpdTHwiz3Z76AVNh+28Gg0wljjz2FMpLvtPZiflzW8hZmwF3RqH57VcI9vyGU/KA5TUsTXCbzxDk8XbEt6AA=="
  },
  "verdict_sha256": "cce2cb40261c9853cd75b1840f438b1e7ce4435a6b68604ad132da3df1009543"
}
