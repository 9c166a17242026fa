{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "SFchKdheKuUCbaidmPRISRgUMefoyVNMDG56rPcQH9nKXHKDBmcugVE9gBLvQnxjuX2DVu+WHJo47CfK1SswAw=="
  },
  "verdict_sha256": "cde35ec3d0e09a037dccdd8351228d24d4b35a4c9841cc638a5068fd0805c128"
}
