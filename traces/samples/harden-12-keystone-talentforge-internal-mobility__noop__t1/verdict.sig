{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "2Bt4e/Vn6AQXLbZ8jpcI9H/6PKL4ti3FN0Jrw1eFYqCQ5rRAV4EI2JJvbw+W4nIp2O66qk6ZpiwFu01Tu8DRCg=="
  },
  "verdict_sha256": "428e74a0438d742951fb5036d3e0ee0b5a41e0af033c63d784a5c3bb82f3a92f"
}
