# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline client: the three-step login (authorize → token → /rest-services/login), the session
kept in the state folder between runs, data calls under the restUrl of the current session (taken
anew from every login: an account can move to another data centre) with the session token in
the BhRestToken header, a new login when Benchline says the session has expired, and a few
retries when the network drops a request that is safe to repeat.

Benchline's clock is the one that counts for "today" (our scheduler host's clock drifts): every
answer's Date header is remembered in `today`."""
from __future__ import annotations

import datetime as dt
import json
import os
import time
from email.utils import parsedate_to_datetime
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import requests

NETWORK_RETRIES = 4


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
        self.today: dt.date | None = None
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
    def _note_date(self, r: requests.Response) -> None:
        if r.headers.get("Date"):
            self.today = parsedate_to_datetime(r.headers["Date"]).astimezone(dt.timezone.utc).date()

    def _send(self, method: str, path: str, params: dict | None, retries: int) -> requests.Response:
        """One data call, repeated when the network drops it (`retries` attempts in all)."""
        for attempt in range(retries):
            try:
                r = self.http.request(method, self.rest_url + path, timeout=self.timeout, params=params,
                                      headers={"BhRestToken": self.session})
            except (requests.ConnectionError, requests.Timeout):
                if attempt == retries - 1:
                    raise
                time.sleep(0.5 * (attempt + 1))
                continue
            self._note_date(r)
            return r
        raise BenchlineError("unreachable")

    def call(self, method: str, path: str, params: dict | None = None,
             retries: int = NETWORK_RETRIES) -> requests.Response:
        """`path` relative to restUrl. An expired session (401) means one new login (and with it
        the new restUrl) and the call again; a second 401 is an error. A call that consumes
        something (an event poll) passes retries=1 and decides itself how to repeat it."""
        if self.session is None:
            self.login()
        r = self._send(method, path, params, retries)
        if r.status_code == 401:
            self.login()
            r = self._send(method, path, params, retries)
            if r.status_code == 401:
                raise BenchlineError(f"{method} {path}: 401 right after a new login: {r.text[:200]}")
        return r

    def search(self, entity: str, query: str, fields: str):
        """Every record of a search, 200 at a time (Benchline's cap), until start >= total."""
        start = 0
        while True:
            r = self.call("GET", f"search/{entity}", {"query": query, "fields": fields, "start": start, "count": 200})
            if r.status_code != 200:
                raise BenchlineError(f"search {entity}: {r.status_code} {r.text[:300]}")
            page = r.json()
            yield from page["data"]
            start += page["count"]
            if page["count"] == 0 or start >= page["total"]:
                return

    def entities(self, entity: str, ids: list[int], fields: str) -> list[dict]:
        """The records of `ids` that still exist (a deleted one is left out; 404 when none is)."""
        out: list[dict] = []
        for i in range(0, len(ids), 100):
            chunk = ids[i:i + 100]
            r = self.call("GET", f"entity/{entity}/{','.join(map(str, chunk))}", {"fields": fields})
            if r.status_code == 404:
                continue
            if r.status_code != 200:
                raise BenchlineError(f"entity {entity}: {r.status_code} {r.text[:300]}")
            data = r.json()["data"]
            out.extend(data if isinstance(data, list) else [data])
        return out
