{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "OJmJ/sYCOlFa/jjoOv98RUnIrUcBzifgq2t3kCOgTheVmVscFtQXR5/xRhM00q24pmFypbd80apsWsviEQH8Cw=="
  },
  "verdict_sha256": "0de9763fbf4e18655c70ad0f797774397c17717c11391457c83c884dd41a84ef"
}
