{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "9HVQNi+rZnOIVzE+m2FikbWxvPcUfkOVrOel35j4Rh1gOoxteRi5Izv2sGoP3YbIZnWTxUgvHR7v+Nw1GZW2Bw=="
  },
  "verdict_sha256": "89302531444e58c279b8837478cd079b02177e2e4a5bcee666b67227ad7416ce"
}
