{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "5rWyiwYb1LltlCmjzRDok0kBbhEVmWyj4H0XKqTWAOB/fRjuDT6ik5PWbFIBST2IbckgYAzeBk6mNTRQIjUyCQ=="
  },
  "verdict_sha256": "339bbb96b7cedc095fe1f2c7574a252ef81170a299a9cd3938ff86ff5ea56f32"
}
