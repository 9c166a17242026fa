{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "PdMb79u8DEOgEBYrt6OHlldfUW1QcVJOmPZZDnOemnb6fLI31sxiS11lOvfPvLL6N2knWITTKMMaNwk3mRJiAw=="
  },
  "verdict_sha256": "307ade3a2d8edc35e990def4fcb682facaaad579d2f8817ce919e709e46000ad"
}
