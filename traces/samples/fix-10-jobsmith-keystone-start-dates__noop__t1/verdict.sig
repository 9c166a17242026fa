{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "JmTaKRGE58kdukMfvm3NEFsM3zeS6kpwenO+T/hIcQR/OE3U2E55y/93oACflF92i4/3T8lk5pu4MyHzLji5Bg=="
  },
  "verdict_sha256": "53f676c6419456bbf83cda95fa5d6e9b4df287e3ac795ccba147fb24efec66ae"
}
