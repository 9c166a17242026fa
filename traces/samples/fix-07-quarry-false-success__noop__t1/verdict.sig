{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "hKrbDaJs/P4saOyfS8dRBdKi9IcbG/+JYTuaXxrn9KTZkAk7nCHY+XQnP4Use1TlKcskVDFrZWUyIJT3ok2dCA=="
  },
  "verdict_sha256": "452cb59e22487e2abc490436a5bd5cd2c9034f16ed6177561165ada18c3d0871"
}
