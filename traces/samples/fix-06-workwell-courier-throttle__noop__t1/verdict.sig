{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "YbNqPFU+G3SegcSLruftMcKUzagRrrYEu61LdzBomqtzFq88hhXW2EFwLAt5kMOaoVOq/x+90wWthPI5lwz2Ag=="
  },
  "verdict_sha256": "fde5517b7e808f877077c4e15ec9d7c205d3f676eb6862334fd5a7ca78c87df4"
}
