{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "r/56+tmTM320iuUcm4RaJhfIjDTh3lXnWj++uKJi7YbH+UUOsEVFfMS+y0L1yqQdfZXLTQ5DtA5eD3o7WGPBCA=="
  },
  "verdict_sha256": "47ced8645645f3e94a8879fb39eeb427ccb022c3acd8efbeb842df58baf59647"
}
