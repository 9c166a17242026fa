{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "msnABZREoVLiXjYb0ys3WuY4a5mUE/cdSHT1ljcAE4hCGzabDud6tSTcspyNFbc4xFRy5cdB13PNk0C2ia2xAQ=="
  },
  "verdict_sha256": "cc5e30a1beb389ffc146b428b4327dd2920e0585ee78863a24cc07e40085b4e0"
}
