{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "T4om4YCzZCiafhkCW4gpCcpRvCuN3Mk+mA8pr5u92FIDVQ9/ihl92XddCHX551/NxofFT/H+nGlQBai22wYIBw=="
  },
  "verdict_sha256": "6785fef766b7d36961a57ab8c7cd3f8d4ca6c4bc0fdf337135330bef9b406061"
}
