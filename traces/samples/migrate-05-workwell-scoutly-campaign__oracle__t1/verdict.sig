{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "WzJ964wOlKW5Vfbx7jtgH8wy7OaBV4izx9M20mW+lF1kk9pP0e8ZmtJ6onVQgDmW4KdJd5cwPlKzuGD4pWtUCg=="
  },
  "verdict_sha256": "2840c4f90dd89818e25434234baa9606b5772fc812cb012e1d343df38a8b8b5f"
}
