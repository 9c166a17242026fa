{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "8CTR9YNzklMg8c3lbNoMHStvvIS325+pititkzSF5WSDr+1E/t+OKD2fLmqZ/JUmy+h0GZooXcQ+AyAbXmZ8Cw=="
  },
  "verdict_sha256": "66ea1cd4f4193ecf75eec54c6b705d31a24b5584777cb593d0cff422704d43b4"
}
