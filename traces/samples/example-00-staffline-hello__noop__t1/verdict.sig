{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "iLdaB9kYERTJwfM0Kt3+ttFnoSrg8vSuXBwttIZugOHpLk+vFSw7UnmPqunO2yiIODJMoIF0anicI6vDslkWBw=="
  },
  "verdict_sha256": "693d728138928d2debb73146d79a3f2320c7da66ee29e883b650c324cae5b3b4"
}
