{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "yLYo6wlGdb66YXdsk3Ce8/MbtJ7NQlC/j00KwTjdShBXmYSNslMSpDNmOGyyPj4BiAb9jCMlgTmzcTvtoyQXCA=="
  },
  "verdict_sha256": "1d1a1fd14f5a4f3687a8d2f069bdf3b4b406d993ede0a9d89e409bd65532be29"
}
