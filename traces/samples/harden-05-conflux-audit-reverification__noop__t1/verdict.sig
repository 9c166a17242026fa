{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "BcSIw8CB7XgUMtmh+DuQy+FzunpQfO6LdywH49Mm90ybV+plLlSx35GirzFRD+pE/m8rrMnFYLHhO6JNdKuAAQ=="
  },
  "verdict_sha256": "2d9fade3b1b44cc2527ea16ded6a48851cae647a7fa3a074659d4541bedc0873"
}
