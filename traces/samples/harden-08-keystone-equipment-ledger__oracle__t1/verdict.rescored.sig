{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "598f3a6281807728",
    "public_key": "+LFGUqSO0T5NX/lJPC4eJjyFXgoL40QBa+v43C0E/u8=",
    "value": "dYB4sRXFUETBFzfVgB8xGLMIF21lTXL+rMdApcoGQ6qwT1MRkKSCHGas9ciC+1Qvz8tZpK8nyPxC/Ggis94SBA=="
  },
  "verdict_sha256": "7cbb85d27adc9513a4bc78f85f46f2b9ab8b859ea06004f1055012d3fd3febc9"
}
