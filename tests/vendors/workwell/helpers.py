"""Helpers for Workwell's tests: an app on the `small` dataset with the proxy guard on, API
calls (through the "proxy"), the control plane."""
from __future__ import annotations

import json
from urllib.parse import urlsplit

from tests.vendors.client import VendorTestClient
from vendors.workwell.app import create_app

TOKEN = "ctl-token-ww"
NONCE = "via-nonce-ww"
KEY = "ww_test_9c1f4e27a3"
TENANT = "acme-test"
BASE = f"/t/{TENANT}/spi/v3"


class Api(VendorTestClient):
    control_token = TOKEN

    def call(self, method: str, target: str, body=None, headers=None, key: str | None = KEY, raw: bytes | None = None,
             base_url: str | None = None):
        h = {"X-IB-Via": NONCE}
        if key is not None:
            h["Authorization"] = f"Bearer {key}"
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        if not target.startswith(("/", "http")):
            target = f"{BASE}/{target}"
        kw = {"base_url": base_url} if base_url else {}
        return self.client.open(target, method=method, data=data, headers=h, **kw)

    def get(self, target, **kw):
        return self.call("GET", target, **kw)

    def post(self, target, body=None, **kw):
        return self.call("POST", target, body, **kw)

    def patch(self, target, body=None, **kw):
        return self.call("PATCH", target, body, **kw)

    def walk(self, target: str, key: str, base_url: str = "http://localhost") -> tuple[list[dict], list[str]]:
        """Follow `paging.next` exactly as given (a real client loop); returns items and URLs."""
        url, items, urls = f"{base_url}{BASE}/{target}", [], []
        while url:
            urls.append(url)
            parts = urlsplit(url)
            r = self.call("GET", parts.path + ("?" + parts.query if parts.query else ""),
                          base_url=f"{parts.scheme}://{parts.netloc}")
            assert r.status_code == 200, r.get_data(as_text=True)
            items += r.json[key]
            url = (r.json.get("paging") or {}).get("next")
        return items, urls


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})
