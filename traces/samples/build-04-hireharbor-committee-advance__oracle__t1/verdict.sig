{
  "signature": {
    "algorithm": "ed25519",
    "key_id": "3fed1499ea52e458",
    "public_key": "WTMCDOOy6CXT2Pf9cNXPg3xwZMZwiUm5vVpmBHxguJg=",
    "value": "cNo8iud01Wn4EJrW7G88l6st+ox60TcmPhhIff5YwBx9TWYQom+1i9YCA0nEsv8YYJKQDcLEmr63Jm+CQF7OBw=="
  },
  "verdict_sha256": "6dc8bd0a8b6989cb006b9392002622612ec5005c3882962202acf52cef5054b4"
}
