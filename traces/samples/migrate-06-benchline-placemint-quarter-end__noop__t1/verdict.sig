{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "rNUePmjPSQOtHtjbQRoijvoc+1iUw9NyyjdC6ja19x9zdt26YZBfG5szBzyGVQJCTmfCwGX8UE/KpS09J3ZUAA=="
  },
  "verdict_sha256": "dce543df505701c050974372c8c058168471048a1de1092b5d3bc161156bbf14"
}
