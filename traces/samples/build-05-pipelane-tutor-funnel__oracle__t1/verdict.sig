{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "NB81qI6HNQx6PkULIrRfSM60jBfehZhNApm4Fwl1l4Nw8gJuMKiDKmw2jDQo7Oee2wkD6N0Ewgm5rzUWC/oUBg=="
  },
  "verdict_sha256": "0b04b70f41bcad99fa96d1cba427ff700bdb8b57cfd802e2ade18d3b582dc919"
}
