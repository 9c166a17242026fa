# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline client, hardened for maintenance nights.

- One session, kept in the state folder and reused across runs while it lives: Benchline allows
  3 live sessions per API user, the agency's timesheet tool holds one all day, and a session a
  failover ended still counts until it expires, so every spare login can lock the user.
- Every data call is built from the restUrl of the current session at the moment it is sent, so
  after a re-login even a walk in progress moves to the new data centre.
- 401 on a call made with the current session: one re-login (refresh token first, a new
  authorization code if that is refused) and the same call again on the new restUrl. A 401 on a
  session we have already replaced is not a reason to log in again.
- 429 / 503 (the login included): wait as long as Retry-After says (seconds or an HTTP date),
  then try again; transport errors: a short backoff.
- 403 max_sessions is fatal for the run: logging in again cannot help until a session expires."""
from __future__ import annotations

import datetime as dt
import json
import os
import time
from email.utils import parsedate_to_datetime
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import requests

TRIES = 8


class BenchlineError(RuntimeError):
    pass


def retry_after_s(r: requests.Response, default: float = 1.0) -> float:
    value = (r.headers.get("Retry-After") or "").strip()
    if not value:
        return default
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return default
    now = parsedate_to_datetime(r.headers["Date"]) if r.headers.get("Date") else dt.datetime.now(dt.timezone.utc)
    return max(0.0, (when - now).total_seconds())


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

    # --- sign-in ------------------------------------------------------------------------------
    def _save(self) -> None:
        tmp = self.state_file.with_suffix(".tmp")
        tmp.write_text(json.dumps({"session": self.session, "rest_url": self.rest_url,
                                   "refresh_token": self.refresh_token}))
        os.replace(tmp, self.state_file)

    def _send(self, method: str, url: str, **kw) -> requests.Response:
        """One request, repeated after Retry-After on 429/503 and after a backoff on transport errors."""
        for attempt in range(TRIES):
            try:
                r = self.http.request(method, url, timeout=self.timeout, **kw)
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(min(0.5 * 2 ** attempt, 8))
                continue
            if r.status_code in (429, 503) or (r.status_code >= 500 and "Retry-After" in r.headers):
                time.sleep(retry_after_s(r) + 0.1)
                continue
            if r.status_code >= 500:
                time.sleep(min(0.5 * 2 ** attempt, 8))
                continue
            return r
        raise BenchlineError(f"{method} {url}: Benchline kept failing")

    def _code(self) -> str:
        r = self._send("GET", self.base + "/oauth/authorize", allow_redirects=False, params={
            "client_id": self.client_id, "response_type": "code", "action": "Login",
            "username": self.username, "password": self.password})
        if r.status_code != 302:
            raise BenchlineError(f"authorize: {r.status_code} {r.text[:200]}")
        return parse_qs(urlparse(r.headers["Location"]).query)["code"][0]

    def _token(self, params: dict) -> str | None:
        r = self._send("POST", self.base + "/oauth/token", params={
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
        r = self._send("POST", self.base + "/rest-services/login",
                       params={"version": "2.0", "access_token": self._access_token()})
        if r.status_code != 200:
            raise BenchlineError(f"login: {r.status_code} {r.text[:200]}")
        body = r.json()
        self.session, self.rest_url = body["BhRestToken"], body["restUrl"]
        self.logins += 1
        self._save()

    # --- data ---------------------------------------------------------------------------------
    def call(self, method: str, path: str, params: dict | None = None, ok=(200,)) -> requests.Response:
        """`path` relative to restUrl, joined to the current session's restUrl on every attempt."""
        if self.session is None:
            self.login()
        relogins = 0
        while True:
            used = self.session
            r = self._send(method, self.rest_url + path, params=params, headers={"BhRestToken": used})
            if r.status_code == 401:
                if used != self.session:
                    continue  # already replaced: just use the new one
                if relogins >= 1:
                    raise BenchlineError(f"{method} {path}: 401 right after a new login: {r.text[:200]}")
                relogins += 1
                self.login()
                continue
            if r.status_code in ok:
                return r
            raise BenchlineError(f"{method} {path}: {r.status_code} {r.text[:300]}")

    def search(self, entity: str, query: str, fields: str, page_size: int = 50):
        """Every record of a search, page by page, until start >= total; a page that fails is
        asked for again (after a re-login on the new restUrl), never the walk from the start."""
        start = 0
        while True:
            page = self.call("GET", f"search/{entity}", {"query": query, "fields": fields,
                                                         "start": start, "count": page_size}).json()
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
