{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "7NZrf14BmZ/Q+N1P8KcdIE5v4s/BMJYRHuPhWlWsG2Hxfc+iI4yZng9bmlCrhfMJlu4cE7uxjCohnmcHhneEBA=="
  },
  "verdict_sha256": "e9f2fad5fb9b8c29bfa53074ab623c1a80f5ea3bde05c8b79a769ad8f828217e"
}
