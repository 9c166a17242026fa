{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "xkX9wSWut0NSOGlQar1bR8WDxvieKYCcRrYhBtMa3jXRujQl8LJSp2oNNAGvAK3fKEbJx3CooReEmxM81FQxCQ=="
  },
  "verdict_sha256": "2486d4091941a3c6a84e34283786ca4967f08436294aae3a7df9e1de0ad729b6"
}
