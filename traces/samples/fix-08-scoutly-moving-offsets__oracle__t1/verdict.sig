{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "uz9nFENFmxLy44Dh0yH+bby+KgadptCkuRCgrugUtHkJCF5FHqW7xj/78T+q7bE7whKebETbIDAKiU4YFQrMDQ=="
  },
  "verdict_sha256": "70030107cd7b7ef34a6fd12bb7f2f0b706bc95b3ff0928ac3e242b302e56e665"
}
