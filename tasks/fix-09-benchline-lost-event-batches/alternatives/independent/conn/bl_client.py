# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A second Benchline client, written from the vendor's docs: httpx, no redirects followed, the
session token only ever in the BhRestToken header, and a full sign-in (authorization code →
access token → login) whenever the stored session is refused. Every login replaces the restUrl:
an account can move data centres (docs: data-centres)."""
from __future__ import annotations

import datetime as dt
import time
from email.utils import parsedate_to_datetime
from urllib.parse import parse_qs, urlparse

import httpx


class Refused(RuntimeError):
    pass


class Lost(RuntimeError):
    """Benchline may or may not have handled the request: the answer never arrived whole."""


class Client:
    def __init__(self, base: str, client_id: str, client_secret: str, user: str, password: str,
                 session: str | None, rest_url: str | None):
        self.base = base.rstrip("/")
        self.cid, self.secret, self.user, self.password = client_id, client_secret, user, password
        self.session, self.rest_url = session, rest_url
        self.http = httpx.Client(timeout=30.0, follow_redirects=False)
        self.benchline_today: dt.date | None = None
        self.signins = 0

    def sign_in(self) -> None:
        r = self.http.get(f"{self.base}/oauth/authorize", params={
            "client_id": self.cid, "response_type": "code", "action": "Login",
            "username": self.user, "password": self.password})
        if r.status_code != 302:
            raise Refused(f"authorize answered {r.status_code}")
        code = parse_qs(urlparse(r.headers["location"]).query)["code"][0]
        r = self.http.post(f"{self.base}/oauth/token", params={
            "grant_type": "authorization_code", "code": code, "client_id": self.cid, "client_secret": self.secret})
        if r.status_code != 200:
            raise Refused(f"token answered {r.status_code}")
        r = self.http.post(f"{self.base}/rest-services/login",
                           params={"version": "2.0", "access_token": r.json()["access_token"]})
        if r.status_code != 200:
            raise Refused(f"login answered {r.status_code}: {r.text[:200]}")
        answer = r.json()
        self.session, self.rest_url = answer["BhRestToken"], answer["restUrl"]
        self.signins += 1

    def _once(self, method: str, path: str, params: dict) -> httpx.Response:
        try:
            r = self.http.request(method, self.rest_url + path, params=params,
                                  headers={"BhRestToken": self.session})
            r.read()
        except httpx.TransportError as exc:
            raise Lost(str(exc)) from exc
        if "date" in r.headers:
            self.benchline_today = parsedate_to_datetime(r.headers["date"]).astimezone(dt.timezone.utc).date()
        return r

    def request(self, method: str, path: str, params: dict | None = None) -> httpx.Response:
        """One call under restUrl. Raises Lost when the answer did not arrive (the caller decides
        whether repeating is safe); a refused session means one new sign-in."""
        params = params or {}
        if not self.session or not self.rest_url:
            self.sign_in()
        r = self._once(method, path, params)
        if r.status_code == 401:
            self.sign_in()
            r = self._once(method, path, params)
        if r.status_code in (401, 307):
            raise Refused(f"{method} {path}: {r.status_code} with a fresh session")
        return r

    def safe(self, method: str, path: str, params: dict | None = None) -> httpx.Response:
        """A call that changes nothing: repeated when its answer is lost."""
        for attempt in range(5):
            try:
                return self.request(method, path, params)
            except Lost:
                time.sleep(0.4 * (attempt + 1))
        return self.request(method, path, params)
