{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "fXTihiYXXE3dLQ2mJCoXfWLDWWDMuAYW08IrA2JPxkUdyZxVFBV/+tURD/duNzhoRRYLn7m2ZtuXa5ogCoEzDA=="
  },
  "verdict_sha256": "abd88ccb97b9f5e7c71aa803283b470d428795012c7a2a2281bb56f5c6683468"
}
