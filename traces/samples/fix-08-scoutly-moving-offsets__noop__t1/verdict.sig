{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "lYGM87MsRr6tihS2eC7+ByF0X4jbu1ea+9xXpA2n6+uYmuPA9sfgrs7Tqn/AZGa877poyLp5UkBQ6t9xUt0xDQ=="
  },
  "verdict_sha256": "8a55884ddfa727628e7c8bfb5746e7eb955f8613cfbc32824529a65b5b5f575a"
}
