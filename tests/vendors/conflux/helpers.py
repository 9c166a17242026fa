"""Test helpers for Conflux: a client that sends the API key and one account token, and the
control plane."""
from __future__ import annotations

from vendors.conflux.app import create_app
from vendors.kit.app import context_of
from bundle.traits import load_traits

TOKEN = "ctl-token-cfx"
NONCE = "via-nonce-cfx"
CREDS = load_traits("conflux").credentials
P = "/api/ats/v1"


def make_app(dataset: str = "small", seed: int = 1, **config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False,
                       "DATASET": dataset, "SEED": seed, **config})


class Api:
    def __init__(self, app, account_token: str | None = None):
        self.app, self.client = app, app.test_client()
        self.ctx = context_of(app)
        self.key = CREDS["api_key"]
        self.account = account_token or CREDS["account_token"]

    def headers(self, key=True, account=True) -> dict:
        h = {"X-IB-Via": NONCE}
        if key:
            h["Authorization"] = f"Bearer {self.key if key is True else key}"
        if account:
            h["X-Account-Token"] = self.account if account is True else account
        return h

    def get(self, path: str, key=True, account=True, **kw):
        return self.client.get(path if path.startswith(P) else P + path, headers=self.headers(key, account), **kw)

    def walk(self, path: str, page_size: int = 100, **params) -> tuple[list[dict], int]:
        """Every item of a list, following `next` cursors like a real client."""
        query = "&".join([f"page_size={page_size}"] + [f"{k}={v}" for k, v in params.items()])
        r = self.get(f"{P}{path}?{query}")
        assert r.status_code == 200, r.json
        items, pages = list(r.json["results"]), 1
        while r.json["next"]:
            r = self.get(f"{P}{path}?{query}&cursor={r.json['next']}")
            assert r.status_code == 200, r.json
            items += r.json["results"]
            pages += 1
        return items, pages

    def control(self, path: str, body=None, method: str = "POST", expect: int = 200):
        r = self.client.open(f"/_control/{path}", method=method, json=body, headers={"X-Control-Token": TOKEN})
        assert r.status_code == expect, r.get_data(as_text=True)
        return r.json

    def config(self, **settings):
        return self.control("config", {"settings": settings})

    def mutate(self, *ops, expect: int = 200):
        return self.control("mutate", {"ops": list(ops)}, expect=expect)

    def rows(self, table: str) -> list[dict]:
        t = self.control("dump", method="GET")["tables"][table]
        names = [c["name"] for c in t["columns"]]
        return [dict(zip(names, row)) for row in t["rows"]]
