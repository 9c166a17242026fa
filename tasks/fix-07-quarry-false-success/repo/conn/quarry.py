# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Quarry client. Quarry is RPC-style: every method is a POST to /<object>.<verb> with
a JSON body (docs: QUARRY_DOCS_URL); list methods page with `cursor` / `nextCursor`."""
from __future__ import annotations

from typing import Iterator

import requests


class Quarry:
    def __init__(self, base_url: str, api_key: str, timeout: float = 30.0):
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.auth = (api_key, "")
        self.timeout = timeout

    def call(self, method: str, body: dict) -> dict:
        r = self.http.post(f"{self.base}/{method}", json=body, timeout=self.timeout)
        r.raise_for_status()
        return r.json()

    def pages(self, method: str, body: dict | None = None, limit: int = 25) -> Iterator[dict]:
        """Every page of one list walk, as Quarry answered it."""
        cursor = None
        while True:
            req = dict(body or {}, limit=limit)
            if cursor:
                req["cursor"] = cursor
            page = self.call(method, req)
            yield page
            if not page.get("moreDataAvailable"):
                return
            cursor = page.get("nextCursor")
