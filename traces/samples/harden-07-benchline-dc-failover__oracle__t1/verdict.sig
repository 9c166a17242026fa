{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "xVkTX7P+/pvlEcpVcJglCUbtmmzAyOf7iEBu2O4gLgKjnub8piwHHG6ygMA7Lq1P5nhXgNwg8N9F0NvQ0+wmDw=="
  },
  "verdict_sha256": "b80c16b2dc92bd990e48520c31bcd379ed84c3f268dfa1885b09ea93197c1ba4"
}
