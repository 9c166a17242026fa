{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "hV7ivILoSgk8Ys6qjLTc++VlbTCZ6dKJgYut6dyhmRS+rzx5mT22DCyMjvWJXCuWkBvvEh2/znd6s99ztJMPAQ=="
  },
  "verdict_sha256": "662a03975936cfb46643bef36122613ead2f27ba5ec5c468dfce59c590fd3c6f"
}
