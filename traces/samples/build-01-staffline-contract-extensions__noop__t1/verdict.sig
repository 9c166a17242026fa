{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "d00438978ef1dba4",
    "public_key": "6931jJMqKOhdEL2gGSPX3TV/5WGFhTF2XiVXCP2Wn54=",
    "value": "FUeCqvJYZOzFCV+dtG7fVNntLHkKf04OMtUvLWUGRnjkpfzNTnUz5gjdWu8gv44co5TrvXOzAoMsb99gccVfBA=="
  },
  "verdict_sha256": "6743fcb3bbac306eae82788d0c907387656e9729405d896981e9233ea6195be9"
}
