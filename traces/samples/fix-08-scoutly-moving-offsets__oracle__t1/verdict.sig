{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "d00438978ef1dba4",
    "public_key": "6931jJMqKOhdEL2gGSPX3TV/5WGFhTF2XiVXCP2Wn54=",
    "value": "zLWclByS8qRTDIZrjQGc3Jfx5T09GDEsBZjyzvIM12sPVAoeLp+I6s39XvUql9sJ7QOHAmB40psbaGSrKBqxBQ=="
  },
  "verdict_sha256": "943f5ccf0b42db4c5d881a72bdaa95ff992f57d21d4801593d691a366fb90a95"
}
