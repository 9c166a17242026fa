{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "/Uzn9Kn2mPaFAMZAH/BRYbkH1yZpt42gU2nWrN0ve9CU+aqPl8u2opJolDcxCuAoj3sQBdOi+M8VWV5UQwodBA=="
  },
  "verdict_sha256": "a76ad163f2a40899294ee74db79e0afc0c35c0aa7937194286b2a877ae9356d7"
}
