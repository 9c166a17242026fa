{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "Vj0mj9xX9H8zL0tfKx47BzVJ5zdbipthLS8dDdEmf6E+9rGHSxaGaBocdJoUMwHCs/j8MV7kkGKULXotxXaGBQ=="
  },
  "verdict_sha256": "661f5e57256d9b8176aca8e8bc7df3fefe09893fd1398c43fe0327534b35db33"
}
