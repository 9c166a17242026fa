{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "NXK5Mfi49FMYYzdyGCYlQVzjwVCxZC7RAwnndMPBCLeWBRhCEHtrp4Xj7oanor73CWQWYIIxtcthMLMfeAi+Bw=="
  },
  "verdict_sha256": "7706fa51ecec4bd7de0b6065bd396e5b9fec2b03652381ffc69b0e19f7b7ef36"
}
