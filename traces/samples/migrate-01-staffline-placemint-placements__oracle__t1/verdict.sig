{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "mL0948YJWEKoExeejKwhiaPmQ+3qG/8ny029qrqFfxeQAtatoe/VQPhHorkzJK2lsComfbsPSAuJ3T+RDC6IDg=="
  },
  "verdict_sha256": "007dd8895973eba585e13923398bdf42719b0ee11022c2e09ad55e95573d590a"
}
