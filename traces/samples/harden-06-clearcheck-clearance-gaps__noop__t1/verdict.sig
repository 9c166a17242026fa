{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "IJrGGOLDocLREBVH74bUJT8U220xwOJPR+jPtRe0tf+53Yr1sB2AHzgTDkeRLwqyZqSY+YLcV487VAK7dACLAQ=="
  },
  "verdict_sha256": "f9a7edf37c04a28da77d86c88a20e67e01ee41a2268924b2c1112b280e30fdf8"
}
