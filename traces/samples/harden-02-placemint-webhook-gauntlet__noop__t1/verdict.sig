{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "V/7d0GZb4mo0RnplwCJiqxDmhP7Cd2oC+h6Yo27s/jvsLGgdjHDrVbO/ZpwOStuIZo0OY+vGvPvF3JRyvSK0BQ=="
  },
  "verdict_sha256": "3458c1726c1f5835944aaf2cfff7522b4816da5b95e39aa992211e039af3d9ec"
}
