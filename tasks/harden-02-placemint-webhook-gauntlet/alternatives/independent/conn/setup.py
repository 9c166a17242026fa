# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`setup`: register our webhook endpoint with Placemint (once per deployment) and keep the
signing secret, which Placemint shows only in this one response."""
import json
import os
import uuid

import requests

from conn import config

EVENTS = ["placement.created", "placement.updated", "placement.canceled",
          "fee.created", "fee.updated", "fee.voided"]


def setup() -> int:
    url = config.receiver_url() + config.HOOK_PATH
    path = config.endpoint_file()
    if path.exists():
        try:
            known = json.loads(path.read_text())
        except ValueError:
            known = {}
        if known.get("secret") and known.get("url") == url:
            # already registered: a second endpoint would deliver everything twice under another secret
            print(f"setup: endpoint {known.get('id')} already registered -> {url}")
            return 0
    resp = requests.post(
        config.base_url() + "/v1/webhook_endpoints",
        json={"url": url, "events": EVENTS},
        headers={"Authorization": f"Bearer {config.api_key()}", "Idempotency-Key": f"setup-{uuid.uuid4()}"},
        timeout=30,
    )
    resp.raise_for_status()
    endpoint = resp.json()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"id": endpoint["id"], "url": endpoint["url"], "secret": endpoint["secret"]}))
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    print(f"setup: endpoint {endpoint['id']} -> {url}")
    return 0
