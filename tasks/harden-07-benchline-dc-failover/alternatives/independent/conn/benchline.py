# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline over httpx, written from the ticket and Benchline's docs.

The session (token, restUrl, the access token and when it expires) lives in the SQLite state
file and is reused for as long as Benchline accepts it. Redirects are never followed: every data
call is sent to the restUrl of the session in use, so a 307 would be a bug here and is an
error. Throttles (429/503) are waited out for their Retry-After; a 401 on the session in use
means one new sign-in (a fresh authorization code: no refresh tokens kept), after which the
caller decides what to repeat."""
from __future__ import annotations

import email.utils
import sqlite3
import time
from datetime import datetime, timezone
from urllib.parse import parse_qs, urlsplit

import httpx


class BenchlineError(Exception):
    pass


class SessionLost(Exception):
    """The session in use answered 401 and a new one has been opened: repeat what you were doing."""


def _wait_s(resp: httpx.Response) -> float:
    raw = resp.headers.get("retry-after", "").strip()
    if raw.isdigit():
        return float(raw)
    if raw:
        when = email.utils.parsedate_to_datetime(raw)
        served = resp.headers.get("date")
        now = email.utils.parsedate_to_datetime(served) if served else datetime.now(timezone.utc)
        return max(0.0, (when - now).total_seconds())
    return 2.0


class Client:
    def __init__(self, env: dict, db: sqlite3.Connection):
        self.env, self.db = env, db
        self.http = httpx.Client(timeout=30.0, follow_redirects=False)
        db.execute("CREATE TABLE IF NOT EXISTS session (k TEXT PRIMARY KEY, v TEXT)")
        row = dict(db.execute("SELECT k, v FROM session").fetchall())
        self.token, self.rest = row.get("token"), row.get("rest")
        self.logins = 0

    def _patient(self, method: str, url: str, **kw) -> httpx.Response:
        for attempt in range(10):
            try:
                resp = self.http.request(method, url, **kw)
            except httpx.TransportError:
                time.sleep(1 + attempt)
                continue
            if resp.status_code in (429, 502, 503, 504):
                time.sleep(_wait_s(resp) + 0.25)
                continue
            return resp
        raise BenchlineError(f"{method} {url}: no usable answer after 10 attempts")

    def sign_in(self) -> None:
        base, e = self.env["BENCHLINE_BASE_URL"].rstrip("/"), self.env
        resp = self._patient("GET", f"{base}/oauth/authorize", params={
            "client_id": e["BENCHLINE_CLIENT_ID"], "response_type": "code", "action": "Login",
            "username": e["BENCHLINE_USERNAME"], "password": e["BENCHLINE_PASSWORD"]})
        if resp.status_code != 302:
            raise BenchlineError(f"authorize answered {resp.status_code}")
        code = parse_qs(urlsplit(resp.headers["location"]).query)["code"][0]
        resp = self._patient("POST", f"{base}/oauth/token", params={
            "grant_type": "authorization_code", "code": code,
            "client_id": e["BENCHLINE_CLIENT_ID"], "client_secret": e["BENCHLINE_CLIENT_SECRET"]})
        if resp.status_code != 200:
            raise BenchlineError(f"token answered {resp.status_code}")
        resp = self._patient("POST", f"{base}/rest-services/login",
                             params={"version": "2.0", "access_token": resp.json()["access_token"]})
        if resp.status_code != 200:  # 403 max_sessions included: another login cannot help now
            raise BenchlineError(f"login answered {resp.status_code}: {resp.text[:200]}")
        body = resp.json()
        self.token, self.rest = body["BhRestToken"], body["restUrl"]
        self.logins += 1
        with self.db:
            self.db.execute("DELETE FROM session")
            self.db.executemany("INSERT INTO session VALUES (?, ?)", [("token", self.token), ("rest", self.rest)])

    def request(self, method: str, path: str, params: dict | None = None) -> httpx.Response:
        """One data call on the current session. 401 → a new sign-in, then SessionLost."""
        if not self.token:
            self.sign_in()
        resp = self._patient(method, self.rest + path, params=params, headers={"BhRestToken": self.token})
        if resp.status_code == 401:
            self.sign_in()
            raise SessionLost(path)
        if resp.status_code in (301, 302, 307, 308):
            raise BenchlineError(f"{path}: unexpected redirect to {resp.headers.get('location')}")
        return resp

    def retrying(self, method: str, path: str, params: dict | None = None) -> httpx.Response:
        """A single call, repeated once on the new session when the old one was lost."""
        try:
            return self.request(method, path, params)
        except SessionLost:
            return self.request(method, path, params)
