{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "6f83437d4907370c",
    "public_key": "sxTCfcwBteA4gvUrZYtpWLcu1Vx6synChFxNRyzTJDI=",
    "value": "VlS/16xnoDywomnrlnRqg6wxQaTSLiIjv29ajssozAHQRpZzA0ci10Et6DJBttR+B1PI/5uzkrzT8PJ7NCqXAQ=="
  },
  "verdict_sha256": "b46808fb6aa21a07eab57a0097bd1f8f80d0b33557bb78f272bb9476af94dc9c"
}
