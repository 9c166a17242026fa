{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "doJs/iDaK3ARDU/tQTmBGheOAPh9bTW04WwtzrxiZQLJyeSej4v0BdARGPUGsgDExzbvnj56u6bniPjw+JYvBA=="
  },
  "verdict_sha256": "4d4d143e59850ccd25c050bb893e895a8c76962ee00af56260eae5f438f348bb"
}
