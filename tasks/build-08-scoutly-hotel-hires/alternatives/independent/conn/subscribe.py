# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import json
import sys
import time

from conn import api, config


def subscribe() -> int:
    callback = config.receiver_url() + config.HOOK_PATH
    status, sub = api.call("POST", "/v1/subscriptions", body={"callbackUrl": callback})
    if status != 201:
        print(f"subscribe failed: {status} {sub}", file=sys.stderr)
        return 1
    for _ in range(40):
        time.sleep(0.5)
        sub = api.get(f"/v1/subscriptions/{sub['id']}")
        if sub["status"] == "active":
            break
    else:
        print(f"subscription stayed pending: {sub['handshake']}", file=sys.stderr)
        return 1
    config.state_dir().mkdir(parents=True, exist_ok=True)
    (config.state_dir() / "scoutly_subscription.json").write_text(json.dumps({"id": sub["id"]}))
    print("subscribed", sub["id"])
    return 0
