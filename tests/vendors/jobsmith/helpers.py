"""Helpers for Jobsmith's tests: an app with the proxy guard on, API calls with `?apikey=`
appended to the query string, form-encoded writes, the control plane, and a client loop that
walks `/page/{n}` until an empty list."""
from __future__ import annotations

from urllib.parse import urlencode

from tests.vendors.client import VendorTestClient
from vendors.jobsmith.app import create_app

TOKEN = "ctl-token-js"
NONCE = "via-nonce-js"
KEY = "js_test_4b7e91c2d0"


def with_key(target: str, key: str | None = KEY) -> str:
    if key is None:
        return target
    sep = "&" if "?" in target else "?"
    return f"{target}{sep}{urlencode({'apikey': key})}"


class Api(VendorTestClient):
    control_token = TOKEN

    def get(self, target: str, key: str | None = KEY, headers=None):
        return self.client.get(with_key(target, key), headers={"X-IB-Via": NONCE, **(headers or {})})

    def post_form(self, target: str, data: dict, key: str | None = KEY, headers=None):
        return self.client.post(with_key(target, key), data=data, headers={"X-IB-Via": NONCE, **(headers or {})})

    def walk(self, collection: str, query: str = "") -> tuple[list[dict], list[int]]:
        """A correct client: page 1 is the bare path, then /page/2, ...; an object is a page
        of one; only an empty list ends. Returns (items, page lengths)."""
        out, lengths, n = [], [], 1
        while True:
            path = collection if n == 1 else f"{collection}/page/{n}"
            r = self.get(path + (f"?{query}" if query else ""))
            assert r.status_code == 200, r.get_data(as_text=True)
            body = r.json
            if isinstance(body, dict):
                body = [body]
            lengths.append(len(body))
            if not body:
                return out, lengths
            out += body
            n += 1


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})
