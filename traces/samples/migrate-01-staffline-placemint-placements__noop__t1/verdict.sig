{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "gLUuiunxNFD8bg6Ixb5ECLAjFxe2JXpR1pJVmNMMu+CNIkniYqcz5F1Lpy802/bVFQqmf3ZMIPijkWdW6SdqDQ=="
  },
  "verdict_sha256": "fc3d2e2fb9a86e0030b6de532929efa7a1bbf9b5a7e48664c6e12f07b7671f83"
}
