{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "nwAY6nDW1uutj4MSdsfvgTJYdMHyi0lbMoCGdbQ9YUPTS5PLJGbSOqRvOVT17OUNBrTayha0HUCgm776bAF2Bw=="
  },
  "verdict_sha256": "3be3b81d8dac8f078a350106c8b2d260546ba4ad1dcdecbecbdef71c5094cb6c"
}
