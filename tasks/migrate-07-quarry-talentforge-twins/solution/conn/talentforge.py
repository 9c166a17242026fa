# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""TalentForge API v2: OAuth2 client credentials (short-lived tokens, refreshed before they
expire and on a 401), JSON, cursor pages. Field names are the wire's (email, req_code), not the
markdown docs' (emailAddress, requisitionCode): the API drops unknown fields without an error."""
from __future__ import annotations

import time

import requests


class TalentForgeError(RuntimeError):
    pass


class TalentForge:
    def __init__(self, base_url: str, client_id: str, client_secret: str):
        self.base = base_url.rstrip("/")
        self.client_id, self.client_secret = client_id, client_secret
        self.http = requests.Session()
        self._token: str | None = None
        self._expires = 0.0

    def token(self) -> str:
        if self._token and time.monotonic() < self._expires:
            return self._token
        delay = 0.5
        for _ in range(6):
            r = self.http.post(self.base + "/oauth/token", json={
                "grant_type": "client_credentials", "client_id": self.client_id,
                "client_secret": self.client_secret}, timeout=30)
            if r.status_code == 200:
                body = r.json()
                self._token = body["access_token"]
                self._expires = time.monotonic() + 0.6 * float(body.get("expires_in") or 60)
                return self._token
            if r.status_code < 500 and r.status_code != 429:
                raise TalentForgeError(f"token: HTTP {r.status_code} {r.text[:200]}")
            time.sleep(delay)
            delay *= 2
        raise TalentForgeError("token: gave up")

    def request(self, method: str, path: str, ok=(200, 201), **kw) -> requests.Response:
        delay = 0.5
        for _ in range(8):
            try:
                r = self.http.request(method, self.base + path, timeout=30,
                                      headers={"Authorization": f"Bearer {self.token()}"}, **kw)
            except requests.RequestException:
                if method != "GET":
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            if r.status_code == 401:
                self._token = None
                continue
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(float(r.headers.get("Retry-After") or delay))
                delay = min(delay * 2, 8)
                continue
            if r.status_code not in ok:
                raise TalentForgeError(f"{method} {path}: HTTP {r.status_code} {r.text[:300]}")
            return r
        raise TalentForgeError(f"{method} {path}: gave up")

    def list_all(self, path: str, **params) -> list[dict]:
        out: list[dict] = []
        cursor = None
        while True:
            q = dict(params, limit=100)
            if cursor:
                q = {"cursor": cursor, "limit": 100}
            body = self.request("GET", path, params=q).json()
            out.extend(body.get("items") or [])
            cursor = body.get("cursor")
            if not cursor:
                return out
