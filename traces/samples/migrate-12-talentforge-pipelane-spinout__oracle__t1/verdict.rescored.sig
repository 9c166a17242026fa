{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "7d0b914802020706",
    "public_key": "WEAdD2xlYJ/ZgwgOhCiETSsR1yyRjHeQzthK3BKJYpQ=",
    "value": "xpnJ/SHU8K1x+TCLZ7QlX6Flqd2ruzbcD6Qi96zbbd+Bldh4Q4h0vGOzjrRb0M388gkBPoak2oK1t+C7SrJADw=="
  },
  "verdict_sha256": "832a6cdd31f01d77a9023156d7d81cf919645c4659671855f8ff1e215f3b729c"
}
