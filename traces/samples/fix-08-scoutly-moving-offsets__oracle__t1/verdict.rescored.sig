{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "598f3a6281807728",
    "public_key": "+LFGUqSO0T5NX/lJPC4eJjyFXgoL40QBa+v43C0E/u8=",
    "value": "q+tR7a8W9jFz9RSD8NKlTrYUVBGoHq5/crx3WO/1eSXyFCBNXgwYIbJqZgKpQcs/cjFsuRuvk6qCM156veeRCQ=="
  },
  "verdict_sha256": "f3e596dda2a3f2d627f90abe6401584fcb734823913c7b5df98be95e7a067eb2"
}
