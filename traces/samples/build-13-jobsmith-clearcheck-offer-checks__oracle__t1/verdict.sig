{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "FmoBIA75YFLg9QVi0+cFNeGhqJfSvUNVyjofU5GeFsC1+eGmYGyvjj9WBebn+pEl/xekyCPK6uij5AZ08ExQBA=="
  },
  "verdict_sha256": "dd02a7bb8e8add212529c67cf132f3463dcef21ea54eba68ea310b3d9e92c297"
}
