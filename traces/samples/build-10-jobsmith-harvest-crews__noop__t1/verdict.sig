{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "AnfN34V9Lkg3DfzoGuBuP5zQD5PK5UMGle1SieGL4DI5e03/N1YdQzQF0Zdggh8elHIy9GAJCxyuTOp+jxh/Aw=="
  },
  "verdict_sha256": "507f4073d75337bd4fae50545b08b0e990796c508c9c8be12180d55871965fbc"
}
