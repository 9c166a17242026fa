{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "tBbEGHS9fTbVFaGqegbC4pXYMIXnVJ3Lggs2LiIhwqOEe1AhFe8Gfrh5SFVd1YZjkB0hrvYJjtA/9bSW3Su2AA=="
  },
  "verdict_sha256": "4f493d02cad94c7799de6da828ec4568e684ec0d8a287cb4dd4a53780dae1534"
}
