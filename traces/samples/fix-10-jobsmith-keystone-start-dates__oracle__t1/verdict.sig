{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "/MiTGWLK4Fz8sLNmtDjESJpOCD9aZan8aMKrgeVt3dqH6bRO+q31Ep4d9ENEKMCMIlHfd0AYKsW+P9S9rb+5Cg=="
  },
  "verdict_sha256": "cf22d5e664ecef0f33f33d3de887eb91e15c4191bea3d244143d546894031e6f"
}
