{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "79GbVbytxaCj5pgXvTHJ8F28XYB4r37WZqzgolRKyuQFnF/ggvvzgqTTLsyRn8f/CJT04JTGO7Z/MuAayHl3BA=="
  },
  "verdict_sha256": "29fde8412b3f833ecaa86efd5fe486cffe5b08ff93a986b6f9063d09bbaf9cec"
}
