# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline client: the three-step sign-in (authorize → token → /rest-services/login) at the
start of a run, data calls under the session's restUrl with the token in the BhRestToken header,
a new sign-in when Benchline answers 401, and a short pause and another try when Benchline is
busy."""
from __future__ import annotations

import time
from urllib.parse import parse_qs, urlparse

import requests

BUSY_PAUSE_S = 2.0
BUSY_TRIES = 4


class BenchlineError(RuntimeError):
    pass


class Benchline:
    def __init__(self, base_url: str, client_id: str, client_secret: str, username: str, password: str,
                 timeout: float = 30.0):
        self.base = base_url.rstrip("/")
        self.client_id, self.client_secret = client_id, client_secret
        self.username, self.password = username, password
        self.timeout = timeout
        self.http = requests.Session()
        self.session: str | None = None
        self.rest_url: str | None = None
        self.logins = 0

    # --- sign-in ------------------------------------------------------------------------------
    def _code(self) -> str:
        r = self.http.get(self.base + "/oauth/authorize", allow_redirects=False, timeout=self.timeout, params={
            "client_id": self.client_id, "response_type": "code", "action": "Login",
            "username": self.username, "password": self.password})
        if r.status_code != 302:
            raise BenchlineError(f"authorize: {r.status_code} {r.text[:200]}")
        return parse_qs(urlparse(r.headers["Location"]).query)["code"][0]

    def _access_token(self) -> str:
        r = self.http.post(self.base + "/oauth/token", timeout=self.timeout, params={
            "grant_type": "authorization_code", "code": self._code(),
            "client_id": self.client_id, "client_secret": self.client_secret})
        if r.status_code != 200:
            raise BenchlineError(f"token: {r.status_code} {r.text[:200]}")
        return r.json()["access_token"]

    def login(self) -> None:
        token = self._access_token()
        for _ in range(BUSY_TRIES):
            r = self.http.post(self.base + "/rest-services/login", timeout=self.timeout,
                               params={"version": "2.0", "access_token": token})
            if r.status_code in (429, 503):
                time.sleep(BUSY_PAUSE_S)
                continue
            break
        if r.status_code != 200:
            raise BenchlineError(f"login: {r.status_code} {r.text[:200]}")
        body = r.json()
        self.session, self.rest_url = body["BhRestToken"], body["restUrl"]
        self.logins += 1

    # --- data ---------------------------------------------------------------------------------
    def url(self, path: str) -> str:
        if self.session is None:
            self.login()
        return self.rest_url + path

    def call(self, method: str, url: str, params: dict | None = None, ok=(200,)) -> requests.Response:
        """One data call to `url` (see `url()`). A 401 means a new sign-in and the call again;
        a busy Benchline (429, 5xx) a short pause and another try."""
        relogged = False
        for _ in range(BUSY_TRIES):
            r = self.http.request(method, url, params=params, timeout=self.timeout,
                                  headers={"BhRestToken": self.session})
            if r.status_code == 401 and not relogged:
                relogged = True
                self.login()
                continue
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(BUSY_PAUSE_S)
                continue
            break
        if r.status_code not in ok:
            raise BenchlineError(f"{method} {url}: {r.status_code} {r.text[:300]}")
        return r

    def search(self, entity: str, query: str, fields: str):
        """Every record of a search, 200 at a time (Benchline's cap), until start >= total."""
        page_url = self.url(f"search/{entity}")
        start = 0
        while True:
            page = self.call("GET", page_url, {"query": query, "fields": fields, "start": start, "count": 200}).json()
            yield from page["data"]
            start += page["count"]
            if page["count"] == 0 or start >= page["total"]:
                return

    def entities(self, entity: str, ids: list[int], fields: str) -> list[dict]:
        """The records of `ids` that still exist (a deleted one is left out; 404 when none is)."""
        out: list[dict] = []
        for i in range(0, len(ids), 100):
            chunk = ids[i:i + 100]
            r = self.call("GET", self.url(f"entity/{entity}/{','.join(map(str, chunk))}"), {"fields": fields},
                          ok=(200, 404))
            if r.status_code == 404:
                continue
            data = r.json()["data"]
            out.extend(data if isinstance(data, list) else [data])
        return out
