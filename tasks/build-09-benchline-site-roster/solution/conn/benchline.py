# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline client: the three-step login (authorize → token → /rest-services/login), one
session kept in the state folder and reused across runs, data calls on the session's restUrl
with the token in the BhRestToken header (so it survives a 307), and one re-login when the
session has expired (refresh token first, a new authorization code if that fails)."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import requests


class BenchlineError(RuntimeError):
    pass


class Benchline:
    def __init__(self, base_url: str, client_id: str, client_secret: str, username: str, password: str,
                 state_file: Path, timeout: float = 30.0):
        self.base = base_url.rstrip("/")
        self.client_id, self.client_secret = client_id, client_secret
        self.username, self.password = username, password
        self.state_file, self.timeout = state_file, timeout
        self.http = requests.Session()
        saved = json.loads(state_file.read_text()) if state_file.exists() else {}
        self.session: str | None = saved.get("session")
        self.rest_url: str | None = saved.get("rest_url")
        self.refresh_token: str | None = saved.get("refresh_token")
        self.logins = 0

    # --- auth ---------------------------------------------------------------------------------
    def _save(self) -> None:
        tmp = self.state_file.with_suffix(".tmp")
        tmp.write_text(json.dumps({"session": self.session, "rest_url": self.rest_url,
                                   "refresh_token": self.refresh_token}))
        os.replace(tmp, self.state_file)

    def _code(self) -> str:
        r = self.http.get(self.base + "/oauth/authorize", allow_redirects=False, timeout=self.timeout, params={
            "client_id": self.client_id, "response_type": "code", "action": "Login",
            "username": self.username, "password": self.password})
        if r.status_code != 302:
            raise BenchlineError(f"authorize: {r.status_code} {r.text[:200]}")
        return parse_qs(urlparse(r.headers["Location"]).query)["code"][0]

    def _token(self, params: dict) -> str | None:
        r = self.http.post(self.base + "/oauth/token", timeout=self.timeout, params={
            **params, "client_id": self.client_id, "client_secret": self.client_secret})
        if r.status_code != 200:
            return None
        body = r.json()
        self.refresh_token = body.get("refresh_token") or self.refresh_token
        return body["access_token"]

    def _access_token(self) -> str:
        if self.refresh_token:
            token = self._token({"grant_type": "refresh_token", "refresh_token": self.refresh_token})
            if token:
                return token
            self.refresh_token = None
        token = self._token({"grant_type": "authorization_code", "code": self._code()})
        if not token:
            raise BenchlineError("token: the authorization code was refused")
        return token

    def login(self) -> None:
        r = self.http.post(self.base + "/rest-services/login", timeout=self.timeout,
                           params={"version": "2.0", "access_token": self._access_token()})
        if r.status_code != 200:
            raise BenchlineError(f"login: {r.status_code} {r.text[:200]}")
        body = r.json()
        self.session, self.rest_url = body["BhRestToken"], body["restUrl"]
        self.logins += 1
        self._save()

    # --- data ---------------------------------------------------------------------------------
    def call(self, method: str, path: str, params: dict | None = None, ok=(200,)) -> requests.Response:
        """`path` relative to restUrl. Answers with a status in `ok` are returned; a 401 logs in
        once more and repeats the call."""
        if self.session is None:
            self.login()
        relogged = False
        for attempt in range(6):
            try:
                r = self.http.request(method, self.rest_url + path, params=params, timeout=self.timeout,
                                      headers={"BhRestToken": self.session})
            except requests.RequestException:
                time.sleep(min(2 ** attempt, 8))
                continue
            if r.status_code == 401 and not relogged:
                relogged = True
                self.login()
                continue
            if r.status_code in ok:
                return r
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(min(2 ** attempt, 8))
                continue
            raise BenchlineError(f"{method} {path}: {r.status_code} {r.text[:300]}")
        raise BenchlineError(f"{method} {path}: giving up")

    def search(self, entity: str, query: str, fields: str):
        """Every record of a search, 200 at a time (Benchline's cap), until start >= total."""
        start = 0
        while True:
            page = self.call("GET", f"search/{entity}", {"query": query, "fields": fields,
                                                         "start": start, "count": 200}).json()
            yield from page["data"]
            start += page["count"]
            if page["count"] == 0 or start >= page["total"]:
                return

    def entities(self, entity: str, ids: list[int], fields: str) -> list[dict]:
        """The records of `ids` that still exist (a deleted one is left out; 404 when none is)."""
        out: list[dict] = []
        for i in range(0, len(ids), 100):
            chunk = ids[i:i + 100]
            r = self.call("GET", f"entity/{entity}/{','.join(map(str, chunk))}", {"fields": fields}, ok=(200, 404))
            if r.status_code == 404:
                continue
            data = r.json()["data"]
            out.extend(data if isinstance(data, list) else [data])
        return out
