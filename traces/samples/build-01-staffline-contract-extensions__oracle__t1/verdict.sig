{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "F8wiK5laCgT8r+Fqp/+Kk3VbuIviRmaTArEQc2UiXvyru2kr12atrGi/CbwttOvxl6z0ILVHc74aHD2zVlatDg=="
  },
  "verdict_sha256": "bc46df912e38411c25409e65cf586c397691af1f9c8f5d9a97701468114241fd"
}
