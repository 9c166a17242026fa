# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small TalentForge API v2 client (OAuth2 client credentials, cursor-paged lists).

Tokens live only a short while on TalentForge's clock. One token serves several calls and is
replaced ahead of time, every REFRESH_EVERY calls (well inside its lifetime at the pace the
hospital's link allows); should a call still meet `token_expired`, one new token is minted and
that same call is sent again. Any other failure raises: a walk that could not finish must never
look finished."""
from __future__ import annotations

import logging
import time

import requests

from .config import Settings

log = logging.getLogger("conn.talentforge")


class TalentForgeError(RuntimeError):
    pass


REFRESH_EVERY = 6


class TalentForge:
    def __init__(self, settings: Settings, timeout: float = 30.0):
        self.base = settings.base_url
        self.settings = settings
        self.timeout = timeout
        self.http = requests.Session()
        self._token: str | None = None
        self._calls = 0

    def token(self) -> str:
        r = self.http.post(self.base + "/oauth/token", timeout=self.timeout, json={
            "grant_type": "client_credentials", "client_id": self.settings.client_id,
            "client_secret": self.settings.client_secret})
        r.raise_for_status()
        return r.json()["access_token"]

    def get(self, path: str, params: dict) -> dict:
        renewed = False
        for attempt in range(6):
            if self._token is None or self._calls >= REFRESH_EVERY:
                self._token, self._calls = self.token(), 0
            self._calls += 1
            r = self.http.get(self.base + path, params=params, timeout=self.timeout,
                              headers={"Authorization": f"Bearer {self._token}", "Accept": "application/json"})
            if r.status_code == 401 and not renewed and _code(r) in ("token_expired", "invalid_token"):
                log.info("access token expired; minting a new one")
                self._token, renewed = None, True
                continue
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(_retry_after(r, attempt))
                continue
            if r.status_code != 200:
                raise TalentForgeError(f"GET {path}: HTTP {r.status_code} {r.text[:200]}")
            return r.json()
        raise TalentForgeError(f"GET {path}: giving up after retries")

    def pages(self, path: str, params: dict):
        """Every page of a list; the page without a `cursor` key is the last one (and has items too)."""
        query = dict(params)
        while True:
            page = self.get(path, query)
            yield page
            if not page.get("cursor"):
                return
            query = {**params, "cursor": page["cursor"]}


def _code(r: requests.Response) -> str:
    try:
        return r.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return ""


def _retry_after(r: requests.Response, attempt: int) -> float:
    try:
        return max(float(r.headers.get("Retry-After", "")), 0.0)
    except ValueError:
        return min(2.0 ** attempt, 10.0)
