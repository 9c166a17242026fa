{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "zkhqnxNBv3AWG+seWu7OIs7gtX/K3Esg7MzjBQuEUCVuZXiDM6ftBkwXdsEsZJURmzg92j2IBpTJy+sWGejfDQ=="
  },
  "verdict_sha256": "61229fb966c2deda3d7871e52139a23b5d3e976176569730f0408a85cd26649b"
}
