{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "MefppNJHH2bleYcvNBChD0lwPre1P274JzqIe1MrEUZrsEefMexCD4Txa/Ab1cMAPl+5Metnw2kZh3ESVdr8DA=="
  },
  "verdict_sha256": "aad9255c328300454f3312267213ac893ed5e0172c30c6234a99875a252f1f30"
}
