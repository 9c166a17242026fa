{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "henmHYlKix0azEWIGzY2im28cxDy4dwnMOWb4GZ6fxTw1cXGG5KOVmdcYCqcBxylUgvpLcAxZjip5tEd/fQ6Aw=="
  },
  "verdict_sha256": "f09fa46733689dc2746d970ee978bde7a2e49bbd9c3883a92f43f9d6fb843f4c"
}
