# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Pipelane API client: HTTP Basic (key as user name), opaque offset tokens sent back
URL-encoded (requests encodes `params`), paced under the documented 10 requests/s, 429/503
answered by waiting Retry-After."""
from __future__ import annotations

import time
from typing import Iterator

import requests

from conn.config import Settings

RETRYABLE = {429, 500, 502, 503, 504}
MIN_INTERVAL_S = 0.11  # the bucket refills 10 per second


class PipelaneError(RuntimeError):
    pass


class Pipelane:
    def __init__(self, settings: Settings, timeout: float = 30, attempts: int = 8):
        self.base = settings.base_url
        self.timeout = timeout
        self.attempts = attempts
        self.session = requests.Session()
        self.session.auth = (settings.api_key, "")
        self.session.headers["Accept"] = "application/json"
        self._last = 0.0

    def _pace(self) -> None:
        wait = self._last + MIN_INTERVAL_S - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self._last = time.monotonic()

    def get(self, path: str, params: dict | None = None) -> dict:
        delay = 0.5
        for attempt in range(1, self.attempts + 1):
            self._pace()
            try:
                resp = self.session.get(self.base + path, params=params, timeout=self.timeout)
            except (requests.ConnectionError, requests.Timeout):
                if attempt == self.attempts:
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            if resp.status_code in RETRYABLE and attempt < self.attempts:
                ra = resp.headers.get("Retry-After", "")
                time.sleep(float(ra) if ra.replace(".", "", 1).isdigit() else delay)
                delay = min(delay * 2, 8)
                continue
            if resp.status_code >= 400:
                raise PipelaneError(f"GET {path}: {resp.status_code} {resp.text[:300]}")
            return resp.json()
        raise AssertionError("unreachable")

    def list(self, path: str, params: dict | None = None) -> Iterator[dict]:
        """Every record of a list: follow `next` while `hasNext`, same filters each time."""
        query = {**(params or {}), "limit": 100}
        while True:
            page = self.get(path, query)
            yield from page["data"]
            if not page.get("hasNext"):
                return
            query["offset"] = page["next"]
