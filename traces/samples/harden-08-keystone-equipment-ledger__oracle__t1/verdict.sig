{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "FRxH5xSkG2c8TQZRnEmjGAmhtYmuEt3ZNRd++2+EtNkNqKWM0bQ4Ri6nTIS3Km9jcF2SWAp55P+h9/83ajwqCw=="
  },
  "verdict_sha256": "fd1000a3b57d5902b0b1631b247d092ef83cffdeec13a16cebe59c0795f7bbd1"
}
