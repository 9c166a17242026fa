{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "MXrXOwg4i/oevGBT5Fr6QQ7aQRzQpEapJd2Qsh1sVX/fKZUbLbU+cGm+pNCs0AKZkBUWrQPcPpeCfyBUzOHmBg=="
  },
  "verdict_sha256": "97054b0fefd067dfd73dcd39daffc756b9717a517346c4003cbc652db9f289aa"
}
