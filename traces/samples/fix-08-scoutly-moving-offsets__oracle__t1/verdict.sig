{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "kkPlo7Ila8+qpC17Zs24i6Zt6esmk9CAEfbVeyoHDcPTVPjbcDB0QQqa8Z6idIJo+bA+0FXChWabBI1ioBrQBw=="
  },
  "verdict_sha256": "f04386a063f3ae3c78b96d18e2951e86dc0566bc7945b3bb608befa3d7eb30bb"
}
