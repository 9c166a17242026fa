{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "sQNd5MizBN5sb40fnvZ/8eq8Ypzq82tcTjhhWhOoV+BtKmtnQssmBPiEJh76cejKBuMP2QWTQIonUpQnkeYNBg=="
  },
  "verdict_sha256": "3750c1251ba9a80be81704cee403a6067250d2dbf0860a643d227ce6c0d95883"
}
