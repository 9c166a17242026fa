{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "QdPNYzJZVd+JIuLDtmtMLcUGOgf9OlLhA6YVFoBmJWtqIAoA6b2dpOH0G7F14voIurKkAfh9Y2xOC2hBex4+Bg=="
  },
  "verdict_sha256": "f3e596dda2a3f2d627f90abe6401584fcb734823913c7b5df98be95e7a067eb2"
}
