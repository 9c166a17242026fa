{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "FBpLdsygU8ecQYehYOfo+Emk70whf5phqh4mZXfKCvw5ZhbOusRFp1ZgSBCViXt1XHJJXCA6wWcz3GUUHfEoDQ=="
  },
  "verdict_sha256": "743254c7582947d9436d3750ff08389f6626559ba636bd827cc952cd3fdf25bd"
}
