{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "ovStATUWB8wQyL/74nvL1k0aW9JfOrVk0ZKfK6YfXqr3Le9Nboy+j5njG94ACZLeawXi6huTO0k26NtVOBZbDQ=="
  },
  "verdict_sha256": "3722720636266bac29b9d649654393eefbd12c326d2f62a7c4111318a9388ec2"
}
