{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Sp6V3vDGSv84a3W7mAG0YQqIEdDsy/pW2LewRv5gHLl/U4i6sLt//TVo9TfpER4jIJFIM8WjLK74KcBDp57fAg=="
  },
  "verdict_sha256": "7cbb85d27adc9513a4bc78f85f46f2b9ab8b859ea06004f1055012d3fd3febc9"
}
