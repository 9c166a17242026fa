{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "qf5RcC8IIkFYWMG4lGDzGRJjtbEObcLUup5eqRhA+OGNEZ/AuJKuQp2HqzYcAPw2JXR/Wrxinh5slyXE5l+nAA=="
  },
  "verdict_sha256": "82dc5da6f66e2a1ab128b1c0a51d647e0a1f7efe963138b49114feaa20db88cf"
}
