{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Mxb/+Oxqjeg80tqFnoQ/vXkx8Mv086suXI4Qg6cXVRgyxU5X7j1p36u2C+DL40f1x2S9A1qJAQbpqgYnWgyEAw=="
  },
  "verdict_sha256": "d20fe4ee1fd23364ec8295cadd40e62a6069116e22cfd90cbeaffcf2175b8dff"
}
