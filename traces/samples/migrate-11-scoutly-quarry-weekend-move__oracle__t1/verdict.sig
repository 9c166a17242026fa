{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "k94NXHZ4X7aYRF+Jj0pQNDlkDsamizC56DDOneJ8Jo74IVjGDcAcR2IfCVGHftq39e6iSxKeHNf6I9TldHGkDg=="
  },
  "verdict_sha256": "2fb960b4a9d14d170a197df16638a2ddf402bdcb12d95b3e1b9c72723806d644"
}
