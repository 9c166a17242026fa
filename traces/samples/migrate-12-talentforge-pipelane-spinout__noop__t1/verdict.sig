{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "CRwnLGWqT9KDUjq4H8CtproDjJ68owEVaMdcF1lpguk9/n0WBBEloOWhBiF9HXZrGAQDEwWFWTjd8nX+rWL4Ag=="
  },
  "verdict_sha256": "d03a495a236991283383aa3d8c8316e6abb575e37a6c4bce4c2939ee83ad4e65"
}
