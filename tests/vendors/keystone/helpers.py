"""Helpers for Keystone's tests: an app on `small` with the proxy guard on, XML API calls with
HTTP Basic (user + password), the control plane, namespace-aware parsing."""
from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

from tests.vendors.client import VendorTestClient
from vendors.keystone.app import create_app

TOKEN = "ctl-token-ks"
NONCE = "via-nonce-ks"
USER = "keystone_integration"
PASSWORD = "ks_test_pw_4e8b21c7"
NS = "urn:keystone:hr:2"
P = "/hr/v2"


def basic(user: str = USER, password: str = PASSWORD) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def q(tag: str) -> str:
    return f"{{{NS}}}{tag}"


def doc(root: str, **fields) -> bytes:
    parts = "".join(f"<{k}>{escape(str(v))}</{k}>" for k, v in fields.items())
    return f'<{root} xmlns="{NS}">{parts}</{root}>'.encode()


def fields(el: ET.Element) -> dict:
    return {c.tag.split("}")[1]: c.text for c in el}


class Api(VendorTestClient):
    control_token = TOKEN

    def call(self, method, target, body: bytes | None = None, headers=None, auth: str | None = None,
             ctype="application/xml"):
        h = {"X-IB-Via": NONCE, "Authorization": auth if auth is not None else basic()}
        if auth == "":
            del h["Authorization"]
        if body is not None:
            h["Content-Type"] = ctype
        h.update(headers or {})
        return self.client.open(target, method=method, data=body, headers=h)

    def get(self, target, **kw):
        return self.call("GET", target, **kw)

    def post(self, target, body, **kw):
        return self.call("POST", target, body, **kw)

    def put(self, target, body, etag: str | None = None, **kw):
        headers = kw.pop("headers", {}) or {}
        if etag is not None:
            headers["If-Match"] = etag
        return self.call("PUT", target, body, headers=headers, **kw)

    def xml(self, resp) -> ET.Element:
        assert resp.mimetype == "application/xml", resp.data
        return ET.fromstring(resp.data)

def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})
