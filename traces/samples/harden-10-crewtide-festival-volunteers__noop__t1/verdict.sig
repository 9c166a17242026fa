{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "945WvAkS8pGWk4Z+yXSRFSc1octX4mbuSTEhVyyldbtHu9ETxqtAKYYaOiStD/jnlN37u/d4I+rJGpRJu/EtBw=="
  },
  "verdict_sha256": "95c2b6734311e74d3e4212f000cd0361bf4088dd8cf81fb72ec469344077d25f"
}
