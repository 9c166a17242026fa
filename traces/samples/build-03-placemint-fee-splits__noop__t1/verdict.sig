{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "hY+obYtYefZgYVcUmxh/Vubn1g+l+M7JA7+hH0cZgrw6hSu6jtlgVmbrV3SmLmshtDvXBbE4lRjMSsQcbIEzCA=="
  },
  "verdict_sha256": "4cb6550ea3d714b23bff12c0b72e6eff46964b9010368f2852c8db06e3f48490"
}
