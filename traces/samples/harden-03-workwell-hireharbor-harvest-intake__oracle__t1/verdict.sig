{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "PXSbK+U8gV+O6q1hOpbc9dYTub9jcu6O2VBqzZf3N7Hik4Cy/NJSBKpMEaPZxyf2hqVDozoD2C2EVg/b5XVVAg=="
  },
  "verdict_sha256": "d74e7b280d00c9c4c5ca71ba92bd57de1539d03edf4f3c3c2d23186a39db789a"
}
