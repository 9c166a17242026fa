{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "9Kp0e5IxbH7Fhg3CA0D5AdulF1z0Li5lHXC8vvxZhVnbcH2v2v2MqabSAcoWTMRlmUXR0RCVy3ZUYZs3WwWZAQ=="
  },
  "verdict_sha256": "a83890292f4195e5af02141d09c0a739d83cf6163c507fcd3b7be8892781e225"
}
