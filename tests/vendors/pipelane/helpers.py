"""Helpers for Pipelane's tests: an app on `small` with the proxy guard on, Basic-auth calls,
the control plane, a real token-walking client."""
from __future__ import annotations

import base64
import json
from urllib.parse import quote

from tests.vendors.client import VendorTestClient
from tests.vendors.receiver import Receiver  # noqa: F401
from vendors.pipelane.app import create_app

TOKEN = "ctl-token-pl"
NONCE = "via-nonce-pl"
KEY = "pl_test_7d3b90c2e15a"
WEBHOOK_SECRET = "plwh_test_a61f0c9e2b7d4458"


def basic(key: str) -> str:
    return "Basic " + base64.b64encode(f"{key}:".encode()).decode()


class Api(VendorTestClient):
    control_token = TOKEN

    def call(self, method, target, body=None, headers=None, key: str | None = KEY, raw: bytes | None = None):
        h = {"X-IB-Via": NONCE}
        if key is not None:
            h["Authorization"] = basic(key)
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

    def put(self, target, body=None, **kw):
        return self.call("PUT", target, body, **kw)

    def delete(self, target, **kw):
        return self.call("DELETE", target, **kw)

    def user_id(self, name="API Integration") -> str:
        return next(u["id"] for u in self.walk("/v1/users") if u["name"] == name)

    def walk(self, target: str, limit: int = 100) -> list[dict]:
        """A real client: follow `next` (URL-encoded) while `hasNext`."""
        sep = "&" if "?" in target else "?"
        out, url = [], f"{target}{sep}limit={limit}"
        while True:
            r = self.get(url)
            assert r.status_code == 200, r.get_data(as_text=True)
            out += r.json["data"]
            if not r.json["hasNext"]:
                assert "next" not in r.json
                return out
            url = f"{target}{sep}limit={limit}&offset={quote(r.json['next'], safe='')}"


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})
