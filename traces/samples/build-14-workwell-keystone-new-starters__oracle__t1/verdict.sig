{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "d00438978ef1dba4",
    "public_key": "6931jJMqKOhdEL2gGSPX3TV/5WGFhTF2XiVXCP2Wn54=",
    "value": "//vnSsIBpKtnqHRA9TJI5rUttBQr3oJ+50bYxyUO7cGzQy9PEougzLbZQ3JiitiLXFfMJhuZJx9cvvViBlmEBg=="
  },
  "verdict_sha256": "a23e02e9283be368b080ccddbf3f0e3183e0ab5e597733ccf26ca4387a017a39"
}
