# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`setup`: subscribe our receiver to Pipelane's opportunity events (once per deployment)."""
from conn import config
from conn.pipelane import Pipelane


def setup() -> int:
    api = Pipelane()
    url = config.receiver_url() + config.HOOK_PATH
    hooks = api.get("/v1/webhooks")["data"]
    if any(h["url"] == url and h["active"] for h in hooks):
        print(f"setup: {url} is already subscribed")
        return 0
    created = api.post("/v1/webhooks", {"url": url, "events": ["*"]}, config.training_bot())["data"]
    print(f"setup: subscribed {url} ({created['id']})")
    return 0
