{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "d00438978ef1dba4",
    "public_key": "6931jJMqKOhdEL2gGSPX3TV/5WGFhTF2XiVXCP2Wn54=",
    "value": "0ZPQHitNnyzfaoSB/p6FnAXWo7O+Q+1rDz+vbUCmS7iVmPFClL5oblpHapvdOPcGyQi2+8UuVYhjFqAQHIwoDQ=="
  },
  "verdict_sha256": "a1bef834b013975a4035deef5c48e763100eaf92651691bc87c98d27d08ef07e"
}
