{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "hLnrVzdOhRPLyFj1UUbHdfg5UpLmhJTYBxhFh2uofMSU2QGanzylWchjoUHm0mdLypY13mzclZmbYlLXbhR7DA=="
  },
  "verdict_sha256": "77257a137af509cb6d71d84c9366f1485d3f149f9dda91f77c6825ec83edc53f"
}
