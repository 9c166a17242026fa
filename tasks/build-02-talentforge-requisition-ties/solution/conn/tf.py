# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""TalentForge client: OAuth2 client credentials, cursor walks that treat an absent `cursor` key
as the end of a list, and polite handling of 429 / 5xx.

Tokens: one token serves many calls. It is replaced ahead of time, every REFRESH_EVERY calls —
at TalentForge's documented pace that is far inside a token's lifetime — and should a call still
meet `token_expired`, one new token is minted and that same call is sent again."""
from __future__ import annotations

import time

import requests


class TalentForgeError(RuntimeError):
    pass


REFRESH_EVERY = 50


class TalentForge:
    def __init__(self, base_url: str, client_id: str, client_secret: str, timeout: float = 30.0):
        self.base = base_url.rstrip("/")
        self.client_id = client_id
        self.client_secret = client_secret
        self.timeout = timeout
        self.http = requests.Session()
        self.token: str | None = None
        self.mints = 0
        self.calls_on_token = 0

    def _mint(self) -> None:
        for attempt in range(5):
            r = self.http.post(self.base + "/oauth/token", timeout=self.timeout, json={
                "grant_type": "client_credentials", "client_id": self.client_id,
                "client_secret": self.client_secret})
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(_retry_after(r, attempt))
                continue
            if r.status_code != 200:
                raise TalentForgeError(f"token request failed: {r.status_code} {r.text[:200]}")
            self.token = r.json()["access_token"]
            self.mints += 1
            self.calls_on_token = 0
            return
        raise TalentForgeError("token endpoint kept failing")

    def get(self, path: str, params: dict | None = None) -> dict:
        refreshed = False
        for attempt in range(8):
            if self.token is None or self.calls_on_token >= REFRESH_EVERY:
                self._mint()
            self.calls_on_token += 1
            try:
                r = self.http.get(self.base + path, params=params, timeout=self.timeout,
                                  headers={"Authorization": f"Bearer {self.token}"})
            except requests.RequestException:
                time.sleep(min(2 ** attempt, 10))
                continue
            if r.status_code == 401:
                code = _error_code(r)
                if code in ("token_expired", "invalid_token") and not refreshed:
                    self.token, refreshed = None, True  # one new token, then the same call again
                    continue
                raise TalentForgeError(f"GET {path}: 401 {code}")
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(_retry_after(r, attempt))
                continue
            if r.status_code != 200:
                raise TalentForgeError(f"GET {path}: {r.status_code} {r.text[:200]}")
            return r.json()
        raise TalentForgeError(f"GET {path}: giving up")

    def walk(self, path: str, params: dict):
        """Every item of a cursor-paged list; the page without a `cursor` key is the last one."""
        query = dict(params)
        while True:
            page = self.get(path, query)
            yield from page.get("items", [])
            cursor = page.get("cursor")
            if not cursor:
                return
            query = {**params, "cursor": cursor}


def _error_code(r: requests.Response) -> str:
    try:
        return r.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return ""


def _retry_after(r: requests.Response, attempt: int) -> float:
    try:
        return max(float(r.headers.get("Retry-After", "")), 0.0)
    except ValueError:
        return min(2 ** attempt, 10)
