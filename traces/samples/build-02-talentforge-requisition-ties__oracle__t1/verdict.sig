{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "eQ4kLYmoj0VpRyTUbzsQEzyjOgWytXHUBchYlVmr/CXTtcIlRudKIGRY/irEUn6b6y0qL4+cfG4+GBHIcIijDw=="
  },
  "verdict_sha256": "f94e626ed2477485dcdbb94921a05dcd72c537aa6fc6c2a7be0773bf4de14189"
}
