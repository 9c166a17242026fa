{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "XeX/pYqRs9ogtm6gzCKfl+7D6YoybD+wXb9VJIxjin//RHZmfvZlPlivQ+DizIImCFeTmLRA/lbhHjg3X2oGBw=="
  },
  "verdict_sha256": "5ea632e122886d64ae23f374b779d1db1f3ccc6d4953fb150b84ca13617141bd"
}
