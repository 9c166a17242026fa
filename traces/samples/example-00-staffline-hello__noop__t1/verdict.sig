{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "KnktrDz+7J2qCcEC5jMcwUlGVR6ECe2X68wEPWoheR2dGlUCiwJk//7KHcHfUMxspLq7BDpB34UIljBujMbLDA=="
  },
  "verdict_sha256": "3060233350e087d46a34b1fef27b72c5e42b37f6462eda2d2513c07eacf79882"
}
