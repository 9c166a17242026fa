{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "d00438978ef1dba4",
    "public_key": "6931jJMqKOhdEL2gGSPX3TV/5WGFhTF2XiVXCP2Wn54=",
    "value": "Ps6tkoVtZtqjeB95XOhgGiNpsomudlASCGgXMMN5I6h58kHs2tOcPH4vU14XbXOzbNoR/zuxY9/jxcIKHCNHDg=="
  },
  "verdict_sha256": "11cbc5a4ba3137d75645171f58d91a37be5b1da70a2aa643d008aed91d5f075c"
}
