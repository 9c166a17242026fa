"""Helpers for ClearCheck's tests: an app on the `small` dataset with the proxy guard on, API
calls (through the "proxy"), the control plane, a webhook receiver and an independent
Standard-Webhooks verifier."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json

from tests.vendors.client import VendorTestClient
from tests.vendors.receiver import Receiver  # noqa: F401  (re-exported for the tests)
from vendors.clearcheck.app import create_app

TOKEN = "ctl-token-cc"
NONCE = "via-nonce-cc"
KEY = "cc_test_7d1f3a9e52b4"
WEBHOOK_SECRET = "whsec_Y2xlYXJjaGVja190ZXN0X3NlY3JldA=="


def verify_standard_webhook(secret: str, headers, body: bytes) -> bool:
    """Standard Webhooks, written from the spec (not the kit): HMAC-SHA256 keyed with the
    base64-decoded secret over `id.timestamp.body`, base64, any of the `v1,` signatures."""
    key = base64.b64decode(secret[len("whsec_"):])
    content = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    want = base64.b64encode(hmac.new(key, content, hashlib.sha256).digest()).decode()
    sigs = [s.split(",", 1)[1] for s in headers["webhook-signature"].split() if s.startswith("v1,")]
    return any(hmac.compare_digest(want, s) for s in sigs)


class Api(VendorTestClient):
    control_token = TOKEN

    def call(self, method, target, body=None, headers=None, key: str | None = KEY):
        h = {"X-IB-Via": NONCE}
        if key is not None:
            h["X-Api-Key"] = key
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        return self.client.open(target, method=method, data=data, headers=h)

    def get(self, target, **kw):
        return self.call("GET", target, **kw)

    def post(self, target, body=None, **kw):
        return self.call("POST", target, body, **kw)

    def delete(self, target, **kw):
        return self.call("DELETE", target, **kw)

    def walk(self, target, limit=100):
        sep = "&" if "?" in target else "?"
        out, page = [], self.get(f"{target}{sep}limit={limit}").json
        while True:
            out += page["data"]
            if not page["next_cursor"]:
                return out
            page = self.get(f"{target.split('?')[0]}?cursor={page['next_cursor']}&limit={limit}").json


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})
