{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "Ig45ilb1PvpmHJ+2JjYua+p6BVx7E6PoXIp4VA7UbCqvQKE2T5Bom/v9AgWU/s5OoLkshkVRDbXu7JDJfJ8gDw=="
  },
  "verdict_sha256": "d16ac7fede062696f2bf0cef741b3d5145093df67ada2d7c2853926b024f8234"
}
