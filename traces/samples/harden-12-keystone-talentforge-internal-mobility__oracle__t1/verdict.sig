{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "K9z57/q2F/d/wBh9pEDkKltK8IAw99lsXHqj5BvK8AO4NtvzWxN16wgP3NWrwKKl21XZTAKDWB1hb9W5rTRiCQ=="
  },
  "verdict_sha256": "d43e6a878b4eba3ab41a91369de7906efada5380cfb33046cdad6d444f3ca0f4"
}
