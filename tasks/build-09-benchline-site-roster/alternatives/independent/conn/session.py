# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A Benchline REST session that outlives one run.

The session token and its restUrl are stored in the state folder. A run first checks the stored
session with `ping` (which also keeps it alive); when Benchline answers 401 there, or on any later
call, it signs in again from scratch: authorization code (read from the 302's Location, not
followed), access token, login. The token always travels in the BhRestToken header."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx


class SessionError(RuntimeError):
    pass


class Session:
    def __init__(self, settings, path: Path):
        self.s, self.path = settings, path
        self.http = httpx.Client(timeout=30.0, follow_redirects=True)
        try:
            saved = json.loads(path.read_text())
        except (OSError, ValueError):
            saved = {}
        self.token, self.rest = saved.get("token"), saved.get("rest")
        self.sign_ins = 0

    def _store(self) -> None:
        self.path.write_text(json.dumps({"token": self.token, "rest": self.rest}))

    def sign_in(self) -> None:
        auth = self.http.get(f"{self.s.base_url}/oauth/authorize", follow_redirects=False, params={
            "client_id": self.s.client_id, "response_type": "code", "action": "Login",
            "username": self.s.username, "password": self.s.password})
        if auth.status_code != 302:
            raise SessionError(f"authorize answered {auth.status_code}")
        code = parse_qs(urlsplit(auth.headers["location"]).query).get("code", [None])[0]
        if not code:
            raise SessionError("no code in the authorize redirect")
        tok = self.http.post(f"{self.s.base_url}/oauth/token", params={
            "grant_type": "authorization_code", "code": code,
            "client_id": self.s.client_id, "client_secret": self.s.client_secret})
        if tok.status_code != 200:
            raise SessionError(f"token answered {tok.status_code}")
        login = self.http.post(f"{self.s.base_url}/rest-services/login",
                               params={"version": "2.0", "access_token": tok.json()["access_token"]})
        if login.status_code != 200:
            raise SessionError(f"login answered {login.status_code}: {login.text[:200]}")
        body = login.json()
        self.token, self.rest = body["BhRestToken"], body["restUrl"]
        if not self.rest.endswith("/"):
            self.rest += "/"
        self.sign_ins += 1
        self._store()

    def open(self) -> None:
        if self.token and self.rest:
            r = self.http.get(self.rest + "ping", headers={"BhRestToken": self.token})
            if r.status_code == 200:
                return
        self.sign_in()

    def request(self, method: str, path: str, params=None, allow=(200,)) -> httpx.Response:
        for again in (False, True):
            r = self.http.request(method, self.rest + path, params=params, headers={"BhRestToken": self.token})
            if r.status_code == 401 and not again:
                self.sign_in()
                continue
            if r.status_code not in allow:
                raise SessionError(f"{method} {path} answered {r.status_code}: {r.text[:200]}")
            return r
        raise SessionError(f"{method} {path}: still 401 after signing in again")
