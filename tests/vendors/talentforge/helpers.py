"""Test helpers for TalentForge: an API client that mints tokens like an integration would,
the control plane."""
from __future__ import annotations

from tests.vendors.receiver import Receiver  # noqa: F401  (re-exported for the tests)
from vendors.kit.app import context_of
from bundle.traits import load_traits
from vendors.talentforge.app import create_app

TOKEN = "ctl-token-tf"
NONCE = "via-nonce-tf"
CREDS = load_traits("talentforge").credentials


def make_app(dataset: str = "small", seed: int = 1, **config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False,
                       "DATASET": dataset, "SEED": seed, **config})


class Api:
    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        self.ctx = context_of(app)
        self.token: str | None = None

    # --- auth ---------------------------------------------------------------------------------
    def mint(self, form: bool = True, **fields):
        body = {"grant_type": "client_credentials", "client_id": CREDS["client_id"],
                "client_secret": CREDS["client_secret"], **fields}
        body = {k: v for k, v in body.items() if v is not None}
        kw = {"data": body} if form else {"json": body}
        r = self.client.post("/oauth/token", headers={"X-IB-Via": NONCE}, **kw)
        if r.status_code == 200:
            self.token = r.json["access_token"]
        return r

    def call(self, method: str, path: str, json=None, token: str | bool | None = True, headers=None, raw=None):
        h = {"X-IB-Via": NONCE}
        if token is True:
            if self.token is None:
                assert self.mint().status_code == 200
            h["Authorization"] = f"Bearer {self.token}"
        elif isinstance(token, str):
            h["Authorization"] = f"Bearer {token}"
        h.update(headers or {})
        if raw is not None:
            return self.client.open(path, method=method, data=raw, headers=h)
        return self.client.open(path, method=method, json=json, headers=h)

    def get(self, path: str, **kw):
        return self.call("GET", path, **kw)

    def post(self, path: str, json=None, **kw):
        return self.call("POST", path, json=json, **kw)

    def walk(self, path: str, limit: int = 100) -> tuple[list[dict], int]:
        """Every item of a list, following cursors; returns (items, pages)."""
        sep = "&" if "?" in path else "?"
        r = self.get(f"{path}{sep}limit={limit}")
        assert r.status_code == 200, r.json
        items, pages = list(r.json["items"]), 1
        while "cursor" in r.json:
            assert r.json["cursor"]
            r = self.get(f"{path.split('?')[0]}?limit={limit}&cursor={r.json['cursor']}")
            assert r.status_code == 200, r.json
            items += r.json["items"]
            pages += 1
        return items, pages

    # --- control plane ----------------------------------------------------------------------------
    def control(self, path: str, body=None, method: str = "POST", expect: int = 200):
        r = self.client.open(f"/_control/{path}", method=method, json=body, headers={"X-Control-Token": TOKEN})
        assert r.status_code == expect, r.get_data(as_text=True)
        return r.json

    def mutate(self, *ops, expect: int = 200):
        return self.control("mutate", {"ops": list(ops)}, expect=expect)

    def dump(self) -> dict:
        return self.control("dump", method="GET")["tables"]

    def rows(self, table: str) -> list[dict]:
        t = self.dump()[table]
        names = [c["name"] for c in t["columns"]]
        return [dict(zip(names, row)) for row in t["rows"]]

    def now_ts(self) -> int:
        return int(self.ctx.now().timestamp())


