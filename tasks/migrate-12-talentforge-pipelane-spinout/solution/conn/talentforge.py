# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""TalentForge API v2 (read only): OAuth2 client credentials, cursor pages.

One token is reused until shortly before its expires_in. Note lists are served 20 a page
whatever limit says: always follow the cursor until the key is absent. The wire names the
cost centre cc_code (the docs say costCenter)."""
from __future__ import annotations

import time

import requests

TIMEOUT = (5, 20)


class TalentForge:
    def __init__(self, base: str, client_id: str, client_secret: str):
        self.base, self.client_id, self.client_secret = base, client_id, client_secret
        self.http = requests.Session()
        self._tok, self._renew_at = None, 0.0

    def _token(self) -> str:
        if self._tok and time.monotonic() < self._renew_at:
            return self._tok
        for attempt in range(8):
            if attempt:
                time.sleep(min(0.5 * 2 ** attempt, 8))
            started = time.monotonic()
            try:
                r = self.http.post(self.base + "/oauth/token", timeout=TIMEOUT, json={
                    "grant_type": "client_credentials", "client_id": self.client_id,
                    "client_secret": self.client_secret})
            except requests.RequestException:
                continue
            if r.status_code == 200:
                body = r.json()
                self._tok = body["access_token"]
                self._renew_at = started + float(body.get("expires_in") or 60) * 0.7
                return self._tok
            if r.status_code == 429 or r.status_code >= 500:
                continue
            raise RuntimeError(f"talentforge token: HTTP {r.status_code} {r.text[:200]}")
        raise RuntimeError("talentforge token: gave up")

    def get(self, path: str, params: dict | None = None) -> dict:
        for attempt in range(8):
            if attempt:
                time.sleep(min(0.5 * 2 ** attempt, 8))
            try:
                r = self.http.get(self.base + path, params=params, timeout=TIMEOUT,
                                  headers={"Authorization": f"Bearer {self._token()}"})
            except requests.RequestException:
                continue
            if r.status_code == 401:
                self._tok = None
                continue
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After") or 1))
                continue
            if r.status_code >= 500:
                continue
            if r.status_code == 404:
                return {}
            r.raise_for_status()
            return r.json()
        raise RuntimeError(f"talentforge GET {path}: gave up")

    def walk(self, path: str, params: dict | None = None) -> list[dict]:
        out: list[dict] = []
        params = dict(params or {}, limit=100)
        while True:
            page = self.get(path, params)
            out += page.get("items") or []
            if "cursor" not in page:
                return out
            params = {"cursor": page["cursor"], "limit": 100}
