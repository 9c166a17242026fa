{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "PHRSAm5HxUZRmWizwKiChhJXmwvIUXFkcM/S4D83dmXzp3Rh8R2AbtoFlsVdM3XSxtfgM27x8x3sTYqjgmWrCw=="
  },
  "verdict_sha256": "9b7ed6d39b135f42181f02123597cf3a307a02808e885dc738d0a8918daf4d5b"
}
