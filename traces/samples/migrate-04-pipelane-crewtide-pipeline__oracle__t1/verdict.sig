{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a0571e5d97bec58e",
    "public_key": "q2bv7sgmuZYPctzwRE0Pb5X+tBTnC2kab8WnUkO6dz4=",
    "value": "W7UdXjhukdh8JYNV4cflmyGsD6zi6vkx4IaX4JSnafabXUHfnXVoQkInlfaZwCpyKWqYcnWSrbkRoa+rBtykCg=="
  },
  "verdict_sha256": "fe5b01647a5e9bc58ba774f72d64e89104681070b24d8f2c7b4cff9f982917b7"
}
