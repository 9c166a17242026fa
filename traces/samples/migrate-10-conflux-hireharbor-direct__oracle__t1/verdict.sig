{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "9ace8ef52ccc66a1",
    "public_key": "rSIfaW86gd7gdNyVfGLAu34B64zlXzSUCCScd9ohiVE=",
    "value": "ONX99tmvz9BtzlA1IDCOnUmBHBeCuRlOMrM6bAqdnAYLRT/GgaPznLDWpPU66XNYo21ScMqzyiuyw+9f7RtbDQ=="
  },
  "verdict_sha256": "dd91c63519fccfddd0da9131eeeabea743c80e7823e3aa240dd190e15739e0e7"
}
