{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "ALsyYve5YFmAzzeaIdpt+pWxWiMeVbxhFFaVeuFMYPwLT2vk1A1UYKizcrCj82fVbtaV1LtMlmvQ74bHL2ggAw=="
  },
  "verdict_sha256": "39467ea2735ec868677639c6c46a0731cf027833e24b4742f566132695cd67ef"
}
