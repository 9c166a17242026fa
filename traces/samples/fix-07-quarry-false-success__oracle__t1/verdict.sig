{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "ep3WfCZOMEdIbVczTabXHJ4wc+He9RYXPt6+mkH3URk4Hc0vN8NYhyfASPUrUA0lBK9BBhxDQcOVS4z/krlSAw=="
  },
  "verdict_sha256": "a968535ed42d305dbd11b9e4674907e602c7a5467dbb64679f2375800d6d0b8d"
}
