{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "yj6bQ29UEb/URlVcn4cR831gVJ3F2RwXaOsW0l6jVKy56zeHXW1UlkUdAf3Ue2D0K1ErCPPrYuYOS2kLUvRtCA=="
  },
  "verdict_sha256": "11f9211e6bda9ec708aa9f1cb54b482e3fcd95dab101ac38273ab576f9e8b2bb"
}
