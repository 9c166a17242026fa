{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "fXDeyelgpaAxktk2MWiSK5BHhdoSa2TaYzG3giwKTe2G0R5AWSpy5RgQqeC6mBSBi4knJMaWXnvlpWZ51BkJDA=="
  },
  "verdict_sha256": "df718a5bb712672d0bbf4e420f508035084afa018c502ee9254c39402ce62942"
}
