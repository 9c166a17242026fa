{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "T+GbzKlQ1pGR1ojrxpjAVf1YQFP6StmaW2VpV5I7A7aduI0LdpCRhPerMr1wFM15x5ZdB4ah94S44MNAFgY9Dg=="
  },
  "verdict_sha256": "3f27701155ce1754297aae192da43132c116a97a05b288c31162791477cb3299"
}
