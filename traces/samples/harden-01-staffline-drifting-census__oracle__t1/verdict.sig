{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "5e3264cd82d6409c",
    "public_key": "/8xBFH6vZTWl1kMBl2Uy/sikYvWkNy59BFZkep9nSsY=",
    "value": "y/lD3h9A2ei3pYSRksi/fzGrwsJho9siUM6fBvnbkJHNOeeclp3GP3yNr2zJRGuYAWaonWOEtsrC2M/3fWrTAw=="
  },
  "verdict_sha256": "5d7bdac76d5da4aa33b164ec3b60d1155eef086981c4b4383a00fa63189714a6"
}
