{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "SO1sk/fF+LJaFkqXYOZyj9vXT/VNmxLf6rH8Te3/HotzInlLC4657yseCOtd/B8OuotcO5if2pz3iWVWKTypBA=="
  },
  "verdict_sha256": "18c87c392055b363f6a4617213adc3d78f188738522d223a205940600aa441c9"
}
