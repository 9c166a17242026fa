{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "YWSjRWmIHnckAApZtbe8o2MdWLyKYkDOj/09oZ7dXtXIf1DTiCb0SVpPLRLrk6RGTswutjKJkWVKYKDlWEAkAg=="
  },
  "verdict_sha256": "9122c0a24b25e2360cc64a9d5b50b888c60fceea778168b86813a505d32d5dfc"
}
