{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "598f3a6281807728",
    "public_key": "+LFGUqSO0T5NX/lJPC4eJjyFXgoL40QBa+v43C0E/u8=",
    "value": "JqCL8WDSRLaWCgp0EaV6IyJa6ayRJbqs0xT3fClRnbtqgdpugK5yNSZCOJ5+baatkg7ftGfR6gF3BikDv7X1Cw=="
  },
  "verdict_sha256": "831d7c6e4d44f99519c01b2ff8d1cae95de6f2c34c11b3ba42dc37a9e1ad0c00"
}
