{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "JiWetTt74RxPfTVT4RngOa66JqvVDGiFLsnG86fsaab4I4u3pSIErBoVBxO2huk8B5DNXElzNt/gK3ndv7HOCg=="
  },
  "verdict_sha256": "f90e269e57b00d51a5193f0c1f762edacbd660bb03b29b78538207ffdb18535e"
}
