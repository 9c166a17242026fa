{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "GazrMm1nd4BfSvTv62h4Dem6+5G3DW/JSrXujaB76hdWs6KU+vRHAXzznSARU+2mUgvCgeY6F4ojo602TUdyCQ=="
  },
  "verdict_sha256": "414aede230a3107e3e257d9b6eabc0a5df9aa85af5d6eb4d9e1e511366ce6ead"
}
