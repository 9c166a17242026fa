{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "YRk90QOPkuwr8pcpphjVp2hRT3CYma7fwc0R7ojt0QmEK0g6icMlc94pvKUOLEdJcpMjSi7FyNtLBSaPISMBCw=="
  },
  "verdict_sha256": "49de3dc268ba1c7d1e6fe0ad4b3c8c46d9644841bb099181b6e92f75c4ad962e"
}
