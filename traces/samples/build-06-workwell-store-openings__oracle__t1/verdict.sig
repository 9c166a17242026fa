{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "2qfLsmKtL23JVZxISVuhWA0URK7z1o58hlFXTw6vO/6kCMzTEVLLKj7GJlSjI1IeVN9w1cmiJJ5Q27ksFa+6BA=="
  },
  "verdict_sha256": "c7d3acd9551dedf061c2d446128c9360b89d3069bf8022476ee57acfd3b298c1"
}
