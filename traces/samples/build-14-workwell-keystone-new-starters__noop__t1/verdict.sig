{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "/K5VILyBApbcCCvA2rNiXOsa+IGOZczOEjSc+r4h1C5IXwWSQtO+15PHg7JrWRzFCmYcMCGFNwOABIC+AkcNDg=="
  },
  "verdict_sha256": "b273b0cd605a99bfa211fde3a357a4c890b4d566d135da22736c00561e2d900a"
}
