{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "21k3wf6ZLxzEJfJbqB8nRq28AUpN/wpGZocwiBYvn9LCqCLJJxZHVMXyxs1PZiF02lkCrVc4SVP2NrIYyW+cBA=="
  },
  "verdict_sha256": "c13299c77f8e6c32789140d80db01fce550f84edbf7fd8ebc79f3e8bcf00669b"
}
