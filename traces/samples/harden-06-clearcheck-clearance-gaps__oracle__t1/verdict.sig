{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "JyGWPyliVEGGvrrFY2PyqJol+Z4F8gDKYiUYzpWSun6w7IxkUspCCbfxuxwFGYCugIxrl0ACbNJAnHY6PpM2BA=="
  },
  "verdict_sha256": "dd91ff4bb7c60a7555d7163d1e2ca0ef5c90e072c58bb7898b89067b5ed3cf1c"
}
