{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "dxP07vDGYC+1n+NaqFu0upRgnIn28Tr76mof488bhUz+DPmvj2Mq0srhcKPmNVOQoNBREa5QMe1uURyMFwAUAQ=="
  },
  "verdict_sha256": "e0c5a2cf3d9dfff3204f1154db24ddd17448f47ff9b63b2e44d34eb811963044"
}
