{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "f5bacf332e0cb921",
    "public_key": "235b1qesv5mCFBqQwg7Hec8IZTybtACjQ95iZfm9dro=",
    "value": "VJhSQJhPYro4xvKF7aYeYRwKA4wBvZ+DG9qKStRJf7NlMOgItJtmw2UrtTqnJqnM010VeJPwOGR/ODo9PbXSBQ=="
  },
  "verdict_sha256": "62cc9010c355f5c19fe1ca76f00354967fdfdcfc747d79a2cd59878520d7ef1c"
}
