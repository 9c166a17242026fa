{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "NLNtwF7lHO5CWweCGVTK3d94Yk7BLUVH0uwl1zT958dxohs6jAk4PnxUUaHZfMizWEjOJksth8WYny4T40u/Aw=="
  },
  "verdict_sha256": "61c68e8a058bb520342853753207e88ddadec7805cb39cb0029b86a40bb09fbe"
}
