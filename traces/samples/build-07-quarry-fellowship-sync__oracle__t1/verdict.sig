{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "eEBmeVijqSdB8YTzXuVjdBs0Q/RVRirKdOx9niOCNx6WCD0I5JL5B2oZ8gKE4+IKTjYYxHrHsG/OWvTfiVLzDA=="
  },
  "verdict_sha256": "1e86bbcb55d0ba316b661564db433d2e7aa927a482dffa99a81247b67a24e3a5"
}
