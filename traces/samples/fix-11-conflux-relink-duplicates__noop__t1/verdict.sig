{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "a1feba7e4bf297a3",
    "public_key": "VANNji/hR/HyI13YGW0rrpyEQigdWBXt/7g3g/afZZE=",
    "value": "footRyaDD2xA6LsQJMFJsl1IuwwDJX16hQc+o7+ZvtHzUT6uZzStu/73EEZ64U+gsV4Hud2KhWJvf9At/na5Aw=="
  },
  "verdict_sha256": "20c50ea1c9089d56b961d687c39205c102e1dca4821f02c9eac2da748fc539c9"
}
