{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "T3r2fF5moPujOl/xiaozeSzEbLBygf3kPQ4aZoArx1jI9+J5PiBZZf7Y2QNPUbpiNmYMIYKevJ2CeHlUYjYaBA=="
  },
  "verdict_sha256": "0aa01918efefe2850ab9e2b7e200536da3845b9f8c57da104be5b3cb3be3c926"
}
