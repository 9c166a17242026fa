{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "7r8zyqg1AsHSEbtvIeMYv5XsKsjELk/Erm+A5GHxpV7gFnDsYvhZtxswoSrxJ//oFIsPtPOMRnekioIVUHRnDQ=="
  },
  "verdict_sha256": "bdd79ab5037a8245b2d91b15e1e420b9bf6e72089c60d219c8d66027dc429365"
}
