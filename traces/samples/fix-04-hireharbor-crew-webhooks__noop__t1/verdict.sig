{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "jHsuw3H0f6N5FA7h79vxbi94xdRzzBIXGCi8nt2og0hkd7F1aGtk++w4TihFc/K996y3M2bzZYLtvg1GFOt8CQ=="
  },
  "verdict_sha256": "c8f066b4963f9186f3c73cfcf95baa2278d878b16c64718cd581b0c53e7df419"
}
