# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline client, taken from our old timesheet export: the three-step sign-in (authorize ->
token -> /rest-services/login) and data calls under the session's restUrl with the token in the
BhRestToken header. Reads only; it never had to follow changes."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import requests


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

    def _code(self) -> str:
        r = self.http.get(self.base + "/oauth/authorize", allow_redirects=False, timeout=self.timeout, params={
            "client_id": self.client_id, "response_type": "code", "action": "Login",
            "username": self.username, "password": self.password})
        if r.status_code != 302:
            raise BenchlineError(f"authorize: {r.status_code} {r.text[:200]}")
        return parse_qs(urlparse(r.headers["Location"]).query)["code"][0]

    def login(self) -> None:
        r = self.http.post(self.base + "/oauth/token", timeout=self.timeout, params={
            "grant_type": "authorization_code", "code": self._code(),
            "client_id": self.client_id, "client_secret": self.client_secret})
        if r.status_code != 200:
            raise BenchlineError(f"token: {r.status_code} {r.text[:200]}")
        r = self.http.post(self.base + "/rest-services/login", timeout=self.timeout,
                           params={"version": "2.0", "access_token": r.json()["access_token"]})
        if r.status_code != 200:
            raise BenchlineError(f"login: {r.status_code} {r.text[:200]}")
        body = r.json()
        self.session, self.rest_url = body["BhRestToken"], body["restUrl"]

    def get(self, path: str, params: dict | None = None) -> dict:
        if self.session is None:
            self.login()
        r = self.http.get(self.rest_url + path, params=params, timeout=self.timeout,
                          headers={"BhRestToken": self.session})
        if r.status_code != 200:
            raise BenchlineError(f"GET {path}: {r.status_code} {r.text[:300]}")
        return r.json()
