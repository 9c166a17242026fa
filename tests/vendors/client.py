"""The part of a vendor test client every vendor shares: the Flask test client, the vendor's
context, and the control plane (reset, dump, rows). Each vendor's `Api` adds how its own API
is called (auth headers, bodies, pagination walks)."""
from __future__ import annotations

from vendors.kit.app import context_of

CONTROL_TOKEN_HEADER = "X-Control-Token"


class VendorTestClient:
    control_token = "ctl-test-token"

    def __init__(self, app):
        self.app = app
        self.client = app.test_client()

    @property
    def ctx(self):
        return context_of(self.app)

    def control(self, path: str, body=None, method: str = "POST"):
        return self.client.open(f"/_control/{path}", method=method, json=body,
                                headers={CONTROL_TOKEN_HEADER: self.control_token})

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
