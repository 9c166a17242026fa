{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "598f3a6281807728",
    "public_key": "+LFGUqSO0T5NX/lJPC4eJjyFXgoL40QBa+v43C0E/u8=",
    "value": "23ioiQVtHIhy7OvhWFzg8FQgrcGTv6rL/+pridSpnyVc30n1W+hXAGdPhLIr3fdwcmmTjYWK/GtLWLpSkqUEDw=="
  },
  "verdict_sha256": "95f20e188f1d6684464e1d83e4f67cb895b2a854d4ff12b96b46b99eb85da5a4"
}
