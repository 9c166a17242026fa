{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "sX0nHQ8HEWgSxFnIJ+CkZeuSESO7PFLlklbHze5Q/etbzbnHh7fMN6Vn9678BEWme2TpPPbywgvywoqFqocHCQ=="
  },
  "verdict_sha256": "76f2ee37700fee0852a3c73fe5a50a616f02c6e9a41a537e07ff4acc94800539"
}
