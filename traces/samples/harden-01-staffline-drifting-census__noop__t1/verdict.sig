{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "BG0K9gokDYSmxhHxn2RbX4zlcWzQJugM1Lh6JYaVHKyV74df0AvKFoEEP3Z1PECn0sjUERHWy22idPM67i/BDQ=="
  },
  "verdict_sha256": "ad1ae1477331a2298233b4ed6336691d19905d6493703655982dec25ec140e20"
}
