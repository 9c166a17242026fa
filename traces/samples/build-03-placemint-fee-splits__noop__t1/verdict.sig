{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "/ih0cRYG7NwG0Ohwg+48z/+FbRJuDtLgdRDNP4DZpr8t66uie39DD2UDz7PnqUWawZB6PY7lLJNuWqCRoULMDQ=="
  },
  "verdict_sha256": "e5eaeda71a193bc60b237d714685213346a3012804b2611e885b19b8672e6b4d"
}
