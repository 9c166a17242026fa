{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "V0XS9AiAACL+JU4hBrGdjuhaLi9Y3J6+2q3C987cwSNIjrnOkPa02iUoowhnCmCTXzcFg811DCJwHAF04DBLAA=="
  },
  "verdict_sha256": "e20806019784d1af37f3a289711678d48b065cff4b81b44046a87405e63f48bd"
}
