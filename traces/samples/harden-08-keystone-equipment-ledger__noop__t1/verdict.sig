{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "+7cueRiLlX0xMqRBeTaQDNK7ePQkD69XdJW9aDfZpJSBBobzS3WclrNVNGV+k6fyJnifo2m1qE/cM6e4N9AkDQ=="
  },
  "verdict_sha256": "3379f51ae6096e93e45139c467f5e3f4a7bd60d2726b3519a6070b4190117701"
}
