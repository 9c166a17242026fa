{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "aO7rzbikCUgl5UZn5+PpIi18NJapkv0Z7D3ZaZcmwhs90OjMLEOIZ7CCZX+UOIkloI6ErYNGDDwjvaGtPC9hBQ=="
  },
  "verdict_sha256": "ee3eebea546156ae40eff4ce89d4d735f7270e1a804df48ced45748017b0c281"
}
