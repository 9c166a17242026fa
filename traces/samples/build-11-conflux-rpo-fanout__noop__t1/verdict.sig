{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "SJifV6V+KVQlCY/0K75uPSDjixfbCeBBFSE9GoZ6R7lrBV9XKnNfptlwbZK9Vox57bu3eUm0dU9EBt8w9Z6GAw=="
  },
  "verdict_sha256": "0300ebff23d02fa5e1ff32929fc4777e19357a705d6b543d44542d6e61c045f9"
}
