{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "crV5fd5DFSadEqHUfkXLjkzWh4ER5iyufubL3hXn6qRpSKWkijgKsEiWID868Xh8gjPIxBGCvcIjnfJgao1aAQ=="
  },
  "verdict_sha256": "832a6cdd31f01d77a9023156d7d81cf919645c4659671855f8ff1e215f3b729c"
}
