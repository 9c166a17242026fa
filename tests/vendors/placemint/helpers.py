"""Helpers for Placemint's tests: an app on the `small` dataset with the proxy guard on, API
calls (through the "proxy"), the control plane, and a webhook receiver."""
from __future__ import annotations

import json

from tests.vendors.client import VendorTestClient
from tests.vendors.receiver import Receiver  # noqa: F401  (re-exported for the tests)
from vendors.placemint.app import create_app

TOKEN = "ctl-token-pm"
NONCE = "via-nonce-pm"
KEY = "pm_test_4f8e21bb"
WEBHOOK_SECRET = "whsec_pm_test_5c2e9a7d41b86f03"


class Api(VendorTestClient):
    control_token = TOKEN

    def call(self, method: str, target: str, body=None, headers=None, key: str | None = KEY, raw: bytes | None = None):
        h = {"X-IB-Via": NONCE}
        if key is not None:
            h["Authorization"] = f"Bearer {key}"
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        return self.client.open(target, method=method, data=data, headers=h)

    def get(self, target, **kw):
        return self.call("GET", target, **kw)

    def post(self, target, body=None, **kw):
        return self.call("POST", target, body, **kw)

    def patch(self, target, body=None, **kw):
        return self.call("PATCH", target, body, **kw)

    def delete(self, target, **kw):
        return self.call("DELETE", target, **kw)

    def walk(self, target: str, limit: int = 100) -> list[dict]:
        sep = "&" if "?" in target else "?"
        out, offset = [], 0
        while True:
            page = self.get(f"{target}{sep}offset={offset}&limit={limit}").json
            out += page["data"]
            offset += limit
            if not page["has_more"]:
                return out


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})


