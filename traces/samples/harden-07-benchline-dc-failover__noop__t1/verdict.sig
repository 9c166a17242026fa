{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "Kz7my7doigGZMyewg+r7vOYhZhC5utIvvOCPvE0svKnVpJ0KA/gy83QxyF/L8kdDlkTOgNkQ4j/0vGnbDok3Bg=="
  },
  "verdict_sha256": "734e5bb470c824aa1266ff9aa4d78cbe96d41b1bab99a87b1b01f3ee367b0e4b"
}
