"""Test helpers for Benchline: an API client that logs in like an integration would
(authorize → token → login), and the control plane."""
from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlparse

from vendors.benchline.app import create_app
from vendors.kit.app import context_of
from bundle.traits import load_traits

TOKEN = "ctl-token-bl"
NONCE = "via-nonce-bl"
CREDS = load_traits("benchline").credentials
VIA = {"X-IB-Via": NONCE}


def make_app(dataset: str = "small", seed: int = 1, **config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False,
                       "DATASET": dataset, "SEED": seed, **config})


def authorize_query(**over) -> str:
    q = {"client_id": CREDS["client_id"], "response_type": "code", "username": CREDS["username"],
         "password": CREDS["password"], "action": "Login", **over}
    return urlencode({k: v for k, v in q.items() if v is not None})


def code_from(location: str) -> str:
    return parse_qs(urlparse(location).query)["code"][0]


class Api:
    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        self.ctx = context_of(app)
        self.session: str | None = None
        self.rest: str | None = None  # path prefix of restUrl, e.g. /dc2/rest/
        self.refresh: str | None = None

    # --- auth ---------------------------------------------------------------------------------
    def access_token(self) -> str:
        r = self.client.get("/oauth/authorize?" + authorize_query(), headers=VIA)
        assert r.status_code == 302, r.get_data(as_text=True)
        r = self.client.post("/oauth/token?" + urlencode({
            "grant_type": "authorization_code", "code": code_from(r.headers["Location"]),
            "client_id": CREDS["client_id"], "client_secret": CREDS["client_secret"]}), headers=VIA)
        assert r.status_code == 200, r.json
        self.refresh = r.json["refresh_token"]
        return r.json["access_token"]

    def login(self):
        r = self.client.post(f"/rest-services/login?version=2.0&access_token={self.access_token()}", headers=VIA)
        if r.status_code == 200:
            self.session = r.json["BhRestToken"]
            self.rest = urlparse(r.json["restUrl"]).path
        return r

    def call(self, method: str, path: str, json=None, session: str | bool | None = True, headers=None):
        """`path` relative to restUrl (e.g. `search/Placement?…`), or absolute when it starts with /."""
        h = dict(VIA)
        if session is True:
            if self.session is None:
                assert self.login().status_code == 200
            h["BhRestToken"] = self.session
        elif isinstance(session, str):
            h["BhRestToken"] = session
        h.update(headers or {})
        if not path.startswith("/"):
            if self.rest is None:
                assert self.login().status_code == 200
            path = self.rest + path
        return self.client.open(path, method=method, json=json, headers=h)

    def get(self, path: str, **kw):
        return self.call("GET", path, **kw)

    # --- control plane ------------------------------------------------------------------------
    def control(self, path: str, body=None, method: str = "POST", expect: int = 200):
        r = self.client.open(f"/_control/{path}", method=method, json=body, headers={"X-Control-Token": TOKEN})
        assert r.status_code == expect, r.get_data(as_text=True)
        return r.json

    def mutate(self, *ops, expect: int = 200):
        return self.control("mutate", {"ops": list(ops)}, expect=expect)

    def config(self, **settings):
        return self.control("config", {"settings": settings})

    def advance(self, seconds: float):
        return self.control("clock", {"advance_s": seconds})

    def dump(self) -> dict:
        return self.control("dump", method="GET")["tables"]

    def rows(self, table: str) -> list[dict]:
        t = self.dump()[table]
        names = [c["name"] for c in t["columns"]]
        return [dict(zip(names, row)) for row in t["rows"]]
