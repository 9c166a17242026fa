{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "bAfAXGmbRnAGDpWcLVdeUfTYZp0FDQUgUAOJRstxWmtlrt1P5r2ZxiIXTY9CHB6pB3AZDIOuTV6iwf9HAOEBAg=="
  },
  "verdict_sha256": "00f90d8387eefcfdb6d2b49097a5daa8910d0ccf568a52b9b22a0177fe1f762b"
}
