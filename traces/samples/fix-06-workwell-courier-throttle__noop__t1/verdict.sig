{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "KbXKJkXcT2WLPA1A0c5iZrVdira2qVuz4sMCA55vWCOBjDZA2uy1x4a56rW3/M1RuiobEf5iLeiZNNHQPksZAA=="
  },
  "verdict_sha256": "0cc02aa352ae45abb05296f1e7c6f9bf4ad40ffb0fd3d45ff50ecd30d5a6072d"
}
