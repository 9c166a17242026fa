{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "N0AFDgpFlDkXD8GtJPBSdX6cdi4VpGWNy2s1JRcgXpz/R3YxAOt+XvBPtQGdS1swssdL/fCEi5iK6oYDLTquCw=="
  },
  "verdict_sha256": "886c0b895d6552d08616f4158827f7bf67c9b0f66174227fd8921b004a4ca3e7"
}
