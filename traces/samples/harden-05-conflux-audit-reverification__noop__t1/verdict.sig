{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "y3+chDupCLA4H5qPitmoC4V5onLbbdQZzqvvl9ItytwS+m2gqKF/iA5iaXmOMvWB4rVb16rRshu6Azh9aNXHDg=="
  },
  "verdict_sha256": "9f38fada24cfb19f4e17e372b6f8b6322e9b332cbdf5b7f1b6704f0007d3dbfb"
}
