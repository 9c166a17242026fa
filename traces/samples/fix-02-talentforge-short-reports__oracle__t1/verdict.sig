{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "FA8XYjirN2nFjaDy9Zkh8Ayi/lPOEqx7gaiUY30h4V/ELoPspdooTIeiP0Vpj5lDqJ+FB3ota+lHFsYrdvE0Aw=="
  },
  "verdict_sha256": "0cb4e545670b98f91b72a670538added6ac254f2f668bdd11cd827a019ac3ab5"
}
