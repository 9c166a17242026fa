{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "Ljcfma1y3hKQxO3ZX1Zu3c4br1iFe+U/7X+SfFFE9nX0oJeBwDrw2VYZWxLoCM0BXl6gTUJ4FnzRrxTt3cFVAw=="
  },
  "verdict_sha256": "16b1efc9e68284bfd1f611090a16bc19058a95f63362be5b36b7c77124f3ddd6"
}
