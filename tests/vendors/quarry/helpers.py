"""Helpers for Quarry's tests: an app on the `small` dataset with the proxy guard on, RPC calls
(through the "proxy"), the control plane, and a full/incremental sync client loop."""
from __future__ import annotations

import base64
import json

from tests.vendors.client import VendorTestClient
from vendors.quarry.app import create_app

TOKEN = "ctl-token-qy"
NONCE = "via-nonce-qy"
KEY = "qry_test_7d3a91c4e2"


def basic(user: str, password: str = "") -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


class Api(VendorTestClient):
    control_token = TOKEN

    def rpc(self, method: str, body=None, key: str | None = KEY, headers=None, raw: bytes | None = None):
        h = {"X-IB-Via": NONCE, "Content-Type": "application/json"}
        if key is not None:
            h["Authorization"] = basic(key)
        h.update(headers or {})
        data = raw if raw is not None else json.dumps(body if body is not None else {}).encode()
        return self.client.post(f"/{method}", data=data, headers=h)

    def ok(self, method: str, body=None) -> dict:
        r = self.rpc(method, body)
        assert r.status_code == 200 and r.json["success"] is True, r.get_data(as_text=True)
        return r.json

    def failure(self, method: str, body=None) -> dict:
        r = self.rpc(method, body)
        assert r.status_code == 200 and r.json["success"] is False, r.get_data(as_text=True)
        return r.json["errorInfo"]

    def walk(self, method: str, body=None, limit: int = 100) -> tuple[list[dict], str]:
        """A client loop: every page until moreDataAvailable is false; (records, syncToken)."""
        out, cursor = [], None
        while True:
            req = {**(body or {}), "limit": limit}
            if cursor:
                req["cursor"] = cursor
            page = self.rpc(method, req).json
            if not page["success"]:
                raise SyncFailed(page["errorInfo"])
            out += page["results"]
            if not page["moreDataAvailable"]:
                return out, page["syncToken"]
            cursor = page["nextCursor"]


class SyncFailed(Exception):
    def __init__(self, info: dict):
        super().__init__(info["code"])
        self.info = info


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})
