{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "GHH4e9Q3gMRL6xNPUw6RnPiJgr4LY6dB4x/CfOJq+JQOIi0OD53PlGpsZnsgAuv1lexD9dj5zRtSnA14yx38AQ=="
  },
  "verdict_sha256": "c0e66141bd3da88b43c8cac0af3aded13a7e2414181416a5f059e3c248990beb"
}
