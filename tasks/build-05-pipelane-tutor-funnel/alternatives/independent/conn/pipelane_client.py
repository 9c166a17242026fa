# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small httpx client for Pipelane: Basic auth, `next` tokens percent-encoded by hand,
and a wait of Retry-After on 429/503 (no pacing up front)."""
from __future__ import annotations

import time
from urllib.parse import quote

import httpx


class PipelaneClient:
    def __init__(self, base_url: str, api_key: str):
        self.http = httpx.Client(base_url=base_url.rstrip("/"), auth=(api_key, ""), timeout=30.0)

    def _get(self, url: str) -> dict:
        for _ in range(10):
            try:
                r = self.http.get(url)
            except httpx.TransportError:
                time.sleep(1.0)
                continue
            if r.status_code in (429, 503):
                time.sleep(float(r.headers.get("Retry-After") or 1))
                continue
            r.raise_for_status()
            return r.json()
        raise RuntimeError(f"Pipelane kept refusing {url}")

    def walk(self, path: str, **filters: str) -> list[dict]:
        base = path + "?" + "&".join(f"{k}={quote(str(v), safe='')}" for k, v in {**filters, "limit": 100}.items())
        items, url = [], base
        while True:
            body = self._get(url)
            items.extend(body["data"])
            if not body["hasNext"]:
                return items
            url = base + "&offset=" + quote(body["next"], safe="")
