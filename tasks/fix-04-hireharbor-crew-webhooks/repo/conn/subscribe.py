# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`subscribe`: make sure HireHarbor posts application events to this deployment's receiver.
Safe to run on every deployment: an existing subscription for the same URL is kept."""
from __future__ import annotations

from conn import config
from conn.hireharbor import HireHarbor


def subscribe() -> int:
    api = HireHarbor()
    url = config.receiver_url() + config.HOOK_PATH
    for hook in api.walk("/v1/webhooks"):
        if hook.get("url") == url and hook.get("active", True):
            print(f"webhook {hook['id']} already posts to {url}")
            return 0
    users = [u for u in api.walk("/v1/users") if (u.get("email") or "").lower() == config.TRACKER_USER]
    if not users:
        raise SystemExit(f"no HireHarbor user {config.TRACKER_USER}")
    hook = api.post("/v1/webhooks", {"url": url, "events": config.EVENTS}, on_behalf_of=users[0]["id"])
    print(f"webhook {hook['id']} now posts to {url}")
    return 0
