{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "VeznLy7Ve/unixTAjupMTy8XyD1h9J3Yb2B7tn7JwvW6vZUM+oNrAsvi4VEOgGMFVv6dlyK64DIRh1nt5vLBAw=="
  },
  "verdict_sha256": "bfd27c6dca805973736593e99bcfeea0c7b80770f50f4ce4596ed106d5d3ac62"
}
