"""Helpers for HireHarbor's tests: an app on the `small` dataset with the proxy guard on, API
calls (Basic auth with the key as user name, On-Behalf-Of on writes), the control plane."""
from __future__ import annotations

import base64
import json

from tests.vendors.client import VendorTestClient
from tests.vendors.receiver import Receiver  # noqa: F401  (re-exported for the tests)
from vendors.hireharbor.app import create_app
from vendors.kit.link_pagination import parse_link_header

TOKEN = "ctl-token-hh"
NONCE = "via-nonce-hh"
KEY = "hh_test_7d3a9c51e2"
WEBHOOK_SECRET = "hh_whsec_test_0b6f4e29a1c8"
ADMIN = 1  # user ids in `small`
INTEGRATION = 2
DISABLED = 12


def basic(key: str) -> str:
    return "Basic " + base64.b64encode(f"{key}:".encode()).decode()


class Api(VendorTestClient):
    control_token = TOKEN

    def call(self, method: str, target: str, body=None, headers=None, key: str | None = KEY,
             actor: int | None = INTEGRATION):
        h = {"X-IB-Via": NONCE}
        if key is not None:
            h["Authorization"] = basic(key)
        if actor is not None and method != "GET":
            h["On-Behalf-Of"] = str(actor)
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

    def patch(self, target, body=None, **kw):
        return self.call("PATCH", target, body, **kw)

    def put(self, target, body=None, **kw):
        return self.call("PUT", target, body, **kw)

    def delete(self, target, **kw):
        return self.call("DELETE", target, **kw)

    def walk(self, target: str, per_page: int = 100) -> list[dict]:
        """Follow Link rel="next" as an integration would."""
        sep = "&" if "?" in target else "?"
        url, out = f"{target}{sep}per_page={per_page}", []
        while url:
            r = self.get(url)
            assert r.status_code == 200, r.get_data(as_text=True)
            out += r.json
            url = parse_link_header(r.headers["Link"]).get("next")
        return out


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})
