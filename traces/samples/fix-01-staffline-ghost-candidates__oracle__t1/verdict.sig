{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "EvFNyjlhVaYy8MlDfx1N9O39LpD6Vjym/Epv1m+/qaojewX1QcSxz9BQHd5D6lTCZXJjAQbrisMmOpCTV8bfBw=="
  },
  "verdict_sha256": "537b39be955e1ee726cbfd2afb4e1262d022f63e3ba2317710f884426f24abcf"
}
