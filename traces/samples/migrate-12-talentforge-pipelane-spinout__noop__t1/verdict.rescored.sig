{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "7d0b914802020706",
    "public_key": "WEAdD2xlYJ/ZgwgOhCiETSsR1yyRjHeQzthK3BKJYpQ=",
    "value": "AoVPci9oQ0a1zTdVMIPsVezkFfMi/dA/Jw48e3DKci/6KOp9K60ru2vIo5FX/tOjKfkbWtpI6j5GmecZoywxDQ=="
  },
  "verdict_sha256": "d03a495a236991283383aa3d8c8316e6abb575e37a6c4bce4c2939ee83ad4e65"
}
