{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "y5jc5WyJrP9jfbESsto6Qpym8qFtx87NOlDrwVTj/eFGouNvKp0/Xjpu/sTpPl+RBHSzWI2msp4VHgpeOg/wBw=="
  },
  "verdict_sha256": "0b14bd7c3f0a60cd000c165cfade5e23b2a100c157c7782c027f174210a6de83"
}
