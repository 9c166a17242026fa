{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "pegRetV1ocmkidA9Y0PXOg2FxnO2bbHx9qG2mriLCG0D8/2rMy+7orhWhLub5hk5hxUQZhqHN4JxrdkCoc3tAQ=="
  },
  "verdict_sha256": "4803bc89fec55a8a01ce55dd37e6f2de50fdebbdd645bd7e5fecc230016afcdf"
}
