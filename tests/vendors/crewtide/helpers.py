"""Helpers for Crewtide's tests: an app on `small` with the proxy guard on, JSON:API calls with
`Token token=` auth and the `X-Api-Version` header, the control plane, a `links.next` walker."""
from __future__ import annotations

import json

from tests.vendors.client import VendorTestClient
from vendors.crewtide.app import create_app

TOKEN = "ctl-token-ct"
NONCE = "via-nonce-ct"
KEY = "ct_test_4f8b2d6e91"
V2016, V2024, V2025 = "20161108", "20240301", "20250115"
MT = "application/vnd.api+json"


class Api(VendorTestClient):
    control_token = TOKEN

    def call(self, method, target, body=None, headers=None, key: str | None = KEY, version: str | None = V2025):
        h = {"X-IB-Via": NONCE}
        if key is not None:
            h["Authorization"] = f"Token token={key}"
        if version is not None:
            h["X-Api-Version"] = version
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = MT
        h.update(headers or {})
        return self.client.open(target, method=method, data=data, headers=h)

    def get(self, target, **kw):
        return self.call("GET", target, **kw)

    def post(self, target, body=None, **kw):
        return self.call("POST", target, body, **kw)

    def patch(self, target, body=None, **kw):
        return self.call("PATCH", target, body, **kw)

    def walk(self, target, size=30, **kw):
        """Follow links.next as an integration would; returns (data, included)."""
        sep = "&" if "?" in target else "?"
        url, data, included = f"{target}{sep}page[size]={size}", [], []
        while url:
            r = self.get(url, **kw)
            assert r.status_code == 200, r.get_data(as_text=True)
            data += r.json["data"]
            included += r.json.get("included", [])
            url = r.json["links"].get("next")
        return data, included


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})
