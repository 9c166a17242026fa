{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "g/Uls5+aFcuROjXZjIjIlTejMo9Sr5TlJjfXwzWWkLtNQMzYnpOkdwFXYz69cNZCvFwSl4NeXDzV5c3qH2LlBg=="
  },
  "verdict_sha256": "9cc24a7ea54d3556d2a7a8820f77151f6b8c3b55a87158087c284f5f4e0b8756"
}
