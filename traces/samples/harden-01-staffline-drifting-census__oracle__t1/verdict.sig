{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "mitW7ayLbI9g6WNh7je/ejq7CXLCa9YH7f5oiqtTG0P4lMthUoplRK9MFe1OaFSeN6HW23TG0D1ZP9RdMwoqAQ=="
  },
  "verdict_sha256": "856d62c814c4a015d30fddc652ba971e0d6be0881c6fe7000264d2c091fc0156"
}
