{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "pGnjPynBrY4XjcCImTkwH7znWklUUTPT8YPl6OBJdnprTiW7fp8nXbBZmSspVvhSHU6LEZSx55J9IjaNdhrZDg=="
  },
  "verdict_sha256": "77571953a78a5f91885a5e885111735d0d9b7ce668bf631a50d0c0f560757858"
}
