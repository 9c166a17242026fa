{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "t11htBm0v5yOho3YGfcCVoxTLuriAYckxahdtC+zVW5WHwOOae1cioPgET892DhTyWHHqn4HXavLbV5WZ7cHAg=="
  },
  "verdict_sha256": "71ea5585085962a3e53c1db94cc8ac50234f7c4b66095d7454c1475834694959"
}
