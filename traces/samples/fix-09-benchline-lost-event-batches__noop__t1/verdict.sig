{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "BwUDcbd1oCXQ6Ug8n2QYkUbeOk9GODo4NBWKCbIfF6An59pcE2OX7jOUtkPiVDezExKpNBxuxmaewoEmgjQjAQ=="
  },
  "verdict_sha256": "b8dd1da1b12e767548d701dbb4a211e98f81d4c03782b26f0dc984d1266abefa"
}
