{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "vtP+Y06RtVxL+P+ejs9CYW76MaudunpUiFFJAOaFv4Da8pmRQAFfZzFxoIrNYNzsFrlhPh8NvBsM/wCIIulFDQ=="
  },
  "verdict_sha256": "d8e48e312d196ac0267bada6314f4b6dabaa5d3bb0a22bf35f39bc3d7d1917bb"
}
