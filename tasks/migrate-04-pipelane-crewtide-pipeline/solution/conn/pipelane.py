# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Pipelane API access (read only): Basic auth, opaque offset tokens (sent URL-encoded)."""
from __future__ import annotations

import time
from email.utils import parsedate_to_datetime

import requests

from conn.config import Settings


class Pipelane:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.pipelane_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.auth = (settings.pipelane_key, "")
        self.clock_ms: int | None = None  # Pipelane's clock (its Date header) at the first answer

    def get(self, path: str, params: dict | None = None) -> dict:
        for attempt in range(8):
            try:
                resp = self.session.get(self.base + path, params=params, timeout=self.timeout)
            except requests.RequestException:
                time.sleep(1 + attempt)
                continue
            if resp.status_code == 429:
                time.sleep(float(resp.headers.get("Retry-After") or 1))
                continue
            if resp.status_code >= 500:
                time.sleep(1 + attempt)
                continue
            resp.raise_for_status()
            if self.clock_ms is None and resp.headers.get("Date"):
                self.clock_ms = int(parsedate_to_datetime(resp.headers["Date"]).timestamp() * 1000)
            return resp.json()
        raise RuntimeError(f"Pipelane GET {path} kept failing")

    def list(self, path: str, params: dict | None = None) -> list[dict]:
        out: list[dict] = []
        query = dict(params or {}, limit=100)
        while True:
            page = self.get(path, query)
            out.extend(page["data"])
            if not page.get("hasNext") or not page.get("next"):
                return out
            query = dict(params or {}, limit=100, offset=page["next"])  # requests URL-encodes the token
