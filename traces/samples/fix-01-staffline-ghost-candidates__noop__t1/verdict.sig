{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "R6f4Nb8yonoHuSAGQyVCplJRHvQjU1KfdTzmGVTAwOcbS5di3n+8vFhd8/5OWqxN2jvXTAcwGnFXfGwlzNkyDg=="
  },
  "verdict_sha256": "c0e3ba2e33431b58c5aa16ee17211615cc4967a9add3dc0ad37370a5a1feae56"
}
