{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "I9EMr5BOdQ9Zwnfl3jBG7uRhvADYGtUFdChZ5aj5oxi2BFv/582IBPuBHlDabSj9C/gqLLpNWc5SP/W7kmnnBA=="
  },
  "verdict_sha256": "e3e2f7c9e56cc7880d89c4a1c508b3f794e385b48a2d7cf138b6ca8fd71f7294"
}
