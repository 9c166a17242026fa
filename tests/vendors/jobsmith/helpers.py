"""Helpers for Jobsmith's tests: an app with the proxy guard on, API calls with `?apikey=`
appended to the query string, form-encoded writes, the control plane, and a client loop that
walks `/page/{n}` until an empty list."""
from __future__ import annotations

from urllib.parse import urlencode

from vendors.jobsmith.app import create_app
from vendors.kit.app import context_of

TOKEN = "ctl-token-js"
NONCE = "via-nonce-js"
KEY = "js_test_4b7e91c2d0"


def with_key(target: str, key: str | None = KEY) -> str:
    if key is None:
        return target
    sep = "&" if "?" in target else "?"
    return f"{target}{sep}{urlencode({'apikey': key})}"


class Api:
    def __init__(self, app):
        self.app = app
        self.client = app.test_client()

    @property
    def ctx(self):
        return context_of(self.app)

    def get(self, target: str, key: str | None = KEY, headers=None):
        return self.client.get(with_key(target, key), headers={"X-IB-Via": NONCE, **(headers or {})})

    def post_form(self, target: str, data: dict, key: str | None = KEY, headers=None):
        return self.client.post(with_key(target, key), data=data, headers={"X-IB-Via": NONCE, **(headers or {})})

    def control(self, path: str, body=None, method: str = "POST"):
        return self.client.open(f"/_control/{path}", method=method, json=body, headers={"X-Control-Token": TOKEN})

    def ok_control(self, path: str, body=None, method: str = "POST"):
        r = self.control(path, body, method)
        assert r.status_code == 200, r.get_data(as_text=True)
        return r.json

    def reset(self, dataset="small", seed=1, **extra):
        return self.ok_control("reset", {"dataset": dataset, "seed": seed, **extra})

    def dump(self):
        return self.ok_control("dump", method="GET")

    def rows(self, table: str) -> list[dict]:
        t = self.dump()["tables"][table]
        names = [c["name"] for c in t["columns"]]
        return [dict(zip(names, r)) for r in t["rows"]]

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
