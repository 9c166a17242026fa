{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "5CYxd7RF9tNJrO55fJiSQK/uuDSankHQCNfxbqtzNtrf6CKbKFTNuO6WkZM72icuO2N8mVkQzND0L9i0Utb+Cg=="
  },
  "verdict_sha256": "c767810c5efbdb6a128b0cd6ad6cfb0522df8355ffd51b21f69ae46b6ef5fb11"
}
