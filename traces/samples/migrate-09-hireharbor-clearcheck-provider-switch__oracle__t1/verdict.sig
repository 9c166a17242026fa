{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "Cwst8+PsqNn8SzmceLC5Vw/jFYop9Zz9+kNHdNMg5RcLHk2utDSw1PIokMwON0qRuNLjEgII04wyuYOp5GWkAw=="
  },
  "verdict_sha256": "73e725a6ff94658a8dd273ac03f0ba233afdf13097264a54b76b8567d8d50c47"
}
