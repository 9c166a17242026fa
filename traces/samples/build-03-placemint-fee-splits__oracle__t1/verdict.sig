{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "oYWhh4m/Utqz0B8M/NEyTHqZG/zACKMQf6tBENHqN2XUpZeImlDhsgdfCmCmC3QEYHf/YS8b3XyYbyJRCSE/Dg=="
  },
  "verdict_sha256": "b393bee85c9ed22082d90c1badc7a46b82e74347eb3ea185fbab54d59727b13a"
}
