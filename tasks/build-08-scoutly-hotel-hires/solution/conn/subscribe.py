# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`subscribe`: register our receiver with Scoutly and see the subscription activated.

Scoutly activates a subscription only when the receiver echoes the handshake's X-Hook-Secret
(`serve` does that); until then it stays `pending` and nothing is delivered. The subscription
id and its signing keys go to IB_STATE_DIR for `serve`."""
import json
import sys
import time

from conn import config
from conn.scoutly import Scoutly

EVENTS = ["application.created", "application.status.updated", "application.updated", "job.updated"]


def state_file():
    return config.state_dir() / "subscription.json"


def _wait_active(api: Scoutly, sub_id: str, seconds: float = 15) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        sub = api.get(f"/v1/subscriptions/{sub_id}")
        if sub is None or sub.get("status") == "active" or time.monotonic() > deadline:
            return sub
        time.sleep(0.5)


def subscribe() -> int:
    api = Scoutly()
    url = config.receiver_url() + config.HOOK_PATH
    mine = [s for s in api.walk("/v1/subscriptions") if s.get("callbackUrl") == url]
    sub = next((s for s in mine if s.get("status") == "active"), None) or (mine[0] if mine else None)
    if sub is None:
        r = api.post("/v1/subscriptions", {"callbackUrl": url, "events": EVENTS})
        if r.status_code != 201:
            print(f"subscribe: Scoutly answered {r.status_code}: {r.text[:300]}", file=sys.stderr)
            return 1
        sub = r.json()
    for attempt in range(3):
        sub = _wait_active(api, sub["id"])
        if sub is None or sub.get("status") == "active":
            break
        print(f"subscribe: still pending ({(sub.get('handshake') or {}).get('lastError')}); retrying the handshake",
              file=sys.stderr)
        api.post(f"/v1/subscriptions/{sub['id']}/activation")
    if sub is None or sub.get("status") != "active":
        print("subscribe: the subscription did not become active", file=sys.stderr)
        return 1
    keys = api.get(f"/v1/subscriptions/{sub['id']}/secret-keys") or {}
    config.state_dir().mkdir(parents=True, exist_ok=True)
    state_file().write_text(json.dumps({"id": sub["id"], "callbackUrl": url,
                                        "keys": [k["secret"] for k in keys.get("content") or []]}))
    print(f"subscribe: {sub['id']} active for {url}")
    return 0
