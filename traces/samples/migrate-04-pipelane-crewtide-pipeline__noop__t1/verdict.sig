{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "fWy/fCvr6Z2hAxamlTOZBDthPsu6Nl4lNAYSBZbz7AARF5aGWx/x9OZeXE25txzfixE9lVxr0ZpCOdFyPAByBw=="
  },
  "verdict_sha256": "8e21ab8b49f000940b0836f472e240f6fd2286ce3bf3f3dad08e76de59292e6e"
}
