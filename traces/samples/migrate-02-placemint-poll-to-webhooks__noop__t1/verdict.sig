{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "1indX7ATQavHnoSvdTAgdRNEWJsP4oAZLhG12YeZvnGjWs1uBaz1Ukt42oRGD/5eV2uYpn1+zP61RzSpZTGUBA=="
  },
  "verdict_sha256": "69d124f0dec2d41cd88ae44744b3488f20ea2b760f8e0019ac3c154f15d34e56"
}
