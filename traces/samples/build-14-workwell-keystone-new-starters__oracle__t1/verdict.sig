{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "ycqkkR+ViofUrkCwnWD3LSjEOMBc6HIUvQgfWsgyFgo7cThBixHL4oRYyFw2rTo9BBi06s8NM+j8FqR31ZkcBg=="
  },
  "verdict_sha256": "95074225682091aa73142a7857466e90fcb97296a92de2734b45a80b3250fb92"
}
