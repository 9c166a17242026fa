# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Jobsmith over httpx: `apikey` in the query string, /page/{n} until an empty list."""
from __future__ import annotations

import time

import httpx


class JobsmithClient:
    def __init__(self, base_url: str, api_key: str):
        self.http = httpx.Client(base_url=base_url.rstrip("/"), timeout=30.0)
        self.api_key = api_key

    def fetch(self, path: str, **query):
        for attempt in range(8):
            try:
                r = self.http.get(path, params={**query, "apikey": self.api_key})
            except httpx.TransportError:
                time.sleep(2 ** attempt)
                continue
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(float(r.headers.get("Retry-After") or 2 ** attempt))
                continue
            r.raise_for_status()
            return r.json()
        raise RuntimeError(f"Jobsmith did not answer {path}")

    def pages(self, collection: str, **query) -> list[dict]:
        found, page = [], 1
        while True:
            body = self.fetch(collection if page == 1 else f"{collection}/page/{page}", **query)
            if isinstance(body, dict):  # one result is sent as the object itself
                body = [body]
            if body == []:
                return found
            found += body
            page += 1
