# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Pipelane, read only: Basic auth; `next` tokens are base64 and must be URL-quoted by hand."""
from __future__ import annotations

import time
import urllib.parse
from email.utils import parsedate_to_datetime

import requests

from conn.config import Settings


class Pipelane:
    def __init__(self, settings: Settings):
        self.base = settings.pipelane_url
        self.s = requests.Session()
        self.s.auth = (settings.pipelane_key, "")
        self.server_now: float | None = None

    def _get(self, url: str) -> dict:
        delay = 1.0
        while True:
            try:
                r = self.s.get(url, timeout=20)
            except requests.RequestException:
                time.sleep(delay)
                delay = min(delay * 2, 10)
                continue
            if r.status_code == 429:
                time.sleep(max(float(r.headers.get("Retry-After", "1")), 0.2))
                continue
            if r.status_code >= 500:
                time.sleep(delay)
                delay = min(delay * 2, 10)
                continue
            r.raise_for_status()
            if r.headers.get("Date"):
                self.server_now = parsedate_to_datetime(r.headers["Date"]).timestamp()
            return r.json()

    def each(self, path: str, **params: str):
        query = dict(params, limit="100")
        while True:
            doc = self._get(f"{self.base}{path}?{urllib.parse.urlencode(query)}")
            yield from doc["data"]
            if not doc.get("hasNext"):
                return
            query = dict(params, limit="100", offset=doc["next"])
