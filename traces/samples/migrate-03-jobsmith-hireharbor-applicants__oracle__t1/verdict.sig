{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "9gwpUNuWNyra6sky8RWlZnmWDM9Y/QI6eWHQ6YVWRpvYNgXU79tYRqNuvQg0V4lx2g7/XfBDMUYMyJgqksPwDg=="
  },
  "verdict_sha256": "0ef5638def69ab72298526ccf027b56352e46b62064ec4308428f31c4cd52c71"
}
