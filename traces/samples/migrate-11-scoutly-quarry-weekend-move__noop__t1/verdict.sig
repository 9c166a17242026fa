{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "g4J6yjUQw1bFB/nzxUCSb5r3rf6mgLZD1tIaPJMIYhHL6SWcLbeT7khMiV7GSB4qPVw//C4uSSwbB5jTjB+XAg=="
  },
  "verdict_sha256": "794a76794394612b93670fbbab2340aa76c5e4aa47416ef2ae40ecd7a05a01ef"
}
