{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "qMmnGF35Q6+1+KCNmrft08G3+nP0ne0qUcpGhf7woL2LzLBmE5B4YMwcrSbNd+a/qlz2N0coQ0K1xWFWemJuDQ=="
  },
  "verdict_sha256": "1ac60170854e5f93564cfbfb7bd41b1f7d966de4b21cb85543d4d6d9199e89b8"
}
