{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "9zKMdbECtKIs9aDZvadQGz3jeuicWDkH2IM39CjTy2/DQbATtf2bwe7Dcumalw6qlshMvHaMfZ/YbKGUTCq/Dw=="
  },
  "verdict_sha256": "10ba2588cbdca8bfda511cb3efa0c6ef3d83fb33f4deb429acf57b056e049dee"
}
