{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "o0NmdqGRSF/IiYwaCMnuwGfcNeTPxObpC6sGLv3XlA550RtDJsIxENLlg0DpDuN3rRXOEdPa7fQQaLEUJCYSBg=="
  },
  "verdict_sha256": "5b9016dba214a4e73d1cd1c571fcbd864c636adb4bcefd468718855928902c9d"
}
