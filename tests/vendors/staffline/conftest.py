"""Shared fixtures for StaffLine's tests: an app per test, and a client that signs like a
careful integration (an independent HMAC implementation, not the kit's)."""
from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from vendors.kit.app import context_of
from vendors.staffline.app import create_app

TOKEN = "ctl-staffline"
NONCE = "via-staffline"
KEY = "sl_test_key_6b1f0c"
SECRET = "sl_test_secret_91a2e7d4"


def signature(secret: str, ts: str, method: str, target: str, body: bytes) -> str:
    canonical = "\n".join([ts, method.upper(), target, hashlib.sha256(body).hexdigest()])
    return hmac.new(secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()


class SL:
    """Test client: `sl.get("/v1/candidates?start=0")`, `sl.patch(path, {...})`."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()

    def vendor_now(self) -> int:
        return int(context_of(self.app).now().timestamp())

    def call(self, method, target, body=None, *, ts=None, sign=True, key=KEY, secret=SECRET,
             headers=None, raw=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
        h = {"X-IB-Via": NONCE}
        if key is not None:
            h["X-SL-Key"] = key
        if sign:
            t = str(self.vendor_now() if ts is None else ts)
            h["X-SL-Timestamp"] = t
            h["X-SL-Signature"] = signature(secret, t, method, target, data)
        if data:
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        return self.client.open(target, method=method, data=data, headers=h)

    def get(self, target, **kw):
        return self.call("GET", target, **kw)

    def patch(self, target, body, **kw):
        return self.call("PATCH", target, body, **kw)

    def control(self, path, body=None, method="POST"):
        r = self.client.open(f"/_control/{path}", method=method, json=body,
                             headers={"X-Control-Token": TOKEN})
        assert r.status_code == 200, r.get_data(as_text=True)
        return r.json

    def reset(self, dataset="small", seed=1, **kw):
        return self.control("reset", {"dataset": dataset, "seed": seed, **kw})

    def mutate(self, *ops):
        return self.control("mutate", {"ops": list(ops)})

    def dump(self):
        return self.control("dump", method="GET")

    def table(self, name):
        t = self.dump()["tables"][name]
        cols = [c["name"] for c in t["columns"]]
        return [dict(zip(cols, row)) for row in t["rows"]]

    def walk(self, path, count=200):
        """Every record of a list, page by page."""
        sep = "&" if "?" in path else "?"
        out, start = [], 0
        while True:
            body = self.get(f"{path}{sep}start={start}&count={count}").json
            out += body["data"]
            start += len(body["data"])
            if not body["data"] or start >= body["total"]:
                return out


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})


@pytest.fixture
def app():
    return make_app()


@pytest.fixture
def sl(app):
    return SL(app)
