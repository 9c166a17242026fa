{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "WjLb4gc6F85oyNeOz7b+ePsn6Oogxnn4pTimBcrsJ8ASkzO61eBYH1vvH965nds1M4LP1JppZ19Wk5ifIQC4Bg=="
  },
  "verdict_sha256": "4606a438ca0acbe6c552b15c4a53737afb612b442184c6739fa4999a2e1e0fac"
}
