{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "w68aezdl2XoYxeizzfP5oN0h9/G8NzH6w3/rX8/+RMbcp6q+jjwSliIn4Viqo97trO3wGdoBZuObfZdUTQ5SCg=="
  },
  "verdict_sha256": "25e8dbbbc61977b04fade451179b8bd9036fd4d21c1db4777155716de5bd4909"
}
