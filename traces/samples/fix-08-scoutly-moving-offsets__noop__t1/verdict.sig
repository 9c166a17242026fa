{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "d00438978ef1dba4",
    "public_key": "6931jJMqKOhdEL2gGSPX3TV/5WGFhTF2XiVXCP2Wn54=",
    "value": "5fRvIHU2i5jT5RMKSRZZ4WKSmbT3sIeWQMipQdz+kDVeT3vHdNS+q47277jWBt4QxUzP/m0QZ0dy3ApT8+2QDg=="
  },
  "verdict_sha256": "edcaf2e679c41508c8a96276cbbbe0c04e2164df6940aba0d14951e2f10cf1d0"
}
