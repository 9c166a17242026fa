# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline client (reference solution): the three-step sign-in once per run (the session token
in the BhRestToken header, every data call built from the restUrl login returned), a new
sign-in only when a call answers 401, Retry-After honoured on 429/503, paged searches that
advance `start` by the `count` Benchline actually returned (it caps count at 200), and the
event subscription the catchup reads."""
from __future__ import annotations

import email.utils
import time
from urllib.parse import parse_qs, urlparse

import requests

TRIES = 6


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
        self.server_date = None  # the vendor clock, from the last answer's Date header

    def _send(self, method: str, url: str, **kw) -> requests.Response:
        for attempt in range(TRIES):
            try:
                r = self.http.request(method, url, timeout=self.timeout, **kw)
            except requests.RequestException:
                if method != "GET" or attempt == TRIES - 1:
                    raise
                time.sleep(1 + attempt)
                continue
            if r.status_code in (429, 502, 503, 504) and attempt < TRIES - 1:
                wait = r.headers.get("Retry-After")
                time.sleep(float(wait) + 0.1 if wait and wait.strip().isdigit() else 1 + attempt)
                continue
            if "Date" in r.headers:
                self.server_date = email.utils.parsedate_to_datetime(r.headers["Date"])
            return r
        return r

    def login(self) -> None:
        r = self._send("GET", self.base + "/oauth/authorize", allow_redirects=False, params={
            "client_id": self.client_id, "response_type": "code", "action": "Login",
            "username": self.username, "password": self.password})
        if r.status_code != 302:
            raise BenchlineError(f"authorize: {r.status_code} {r.text[:200]}")
        code = parse_qs(urlparse(r.headers["Location"]).query)["code"][0]
        r = self._send("POST", self.base + "/oauth/token", params={
            "grant_type": "authorization_code", "code": code,
            "client_id": self.client_id, "client_secret": self.client_secret})
        if r.status_code != 200:
            raise BenchlineError(f"token: {r.status_code} {r.text[:200]}")
        r = self._send("POST", self.base + "/rest-services/login",
                       params={"version": "2.0", "access_token": r.json()["access_token"]})
        if r.status_code != 200:
            raise BenchlineError(f"login: {r.status_code} {r.text[:200]}")
        body = r.json()
        self.session, self.rest_url = body["BhRestToken"], body["restUrl"]

    def call(self, method: str, path: str, params: dict | None = None, ok=(200,)) -> requests.Response:
        if self.session is None:
            self.login()
        relogged = False
        while True:
            r = self._send(method, self.rest_url + path, params=params, headers={"BhRestToken": self.session})
            if r.status_code == 401 and not relogged:
                relogged = True
                self.login()
                continue
            if r.status_code not in ok:
                raise BenchlineError(f"{method} {path}: {r.status_code} {r.text[:300]}")
            return r

    def search(self, entity: str, query: str, fields: str, count: int = 200):
        start = 0
        while True:
            page = self.call("GET", f"search/{entity}", {"query": query, "fields": fields, "start": start,
                                                        "count": count, "sort": "id"}).json()
            yield from page["data"]
            start += page["count"]
            if page["count"] == 0 or start >= page["total"]:
                return

    def entities(self, entity: str, ids: list[int], fields: str) -> list[dict]:
        out: list[dict] = []
        for i in range(0, len(ids), 100):
            chunk = ids[i:i + 100]
            r = self.call("GET", f"entity/{entity}/{','.join(map(str, chunk))}", {"fields": fields}, ok=(200, 404))
            if r.status_code == 404:
                continue
            data = r.json()["data"]
            out.extend(data if isinstance(data, list) else [data])
        return out

    # --- events -------------------------------------------------------------------------------
    def subscribe(self, name: str, names: str) -> bool:
        """True when created, False when it already existed."""
        r = self.call("PUT", f"event/subscription/{name}", {
            "type": "entity", "names": names, "eventTypes": "INSERTED,UPDATED,DELETED"}, ok=(200, 201, 409))
        return r.status_code != 409

    def poll(self, name: str, request_id: int | None = None) -> requests.Response:
        params = {"requestId": request_id} if request_id is not None else {"maxEvents": 500}
        return self.call("GET", f"event/subscription/{name}", params, ok=(200, 400, 404, 410))
