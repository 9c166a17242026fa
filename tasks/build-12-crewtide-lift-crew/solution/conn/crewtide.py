# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide JSON:API client pinned to API version 20240301: `Token token=` auth, pages followed
by links.next, related records taken from `included` by (type, id), 429s waited out."""
from __future__ import annotations

import time

import requests

from conn.config import Settings

API_VERSION = "20240301"
PAGE_SIZE = 30  # Crewtide's maximum


class CrewtideError(RuntimeError):
    def __init__(self, response: requests.Response):
        self.response = response
        super().__init__(f"{response.request.method} {response.url}: {response.status_code} {response.text[:300]}")


class Crewtide:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={settings.api_key}",
                                     "X-Api-Version": API_VERSION,
                                     "Accept": "application/vnd.api+json"})

    def _get(self, url: str, params: dict | None = None) -> dict:
        for _ in range(8):
            resp = self.session.get(url, params=params, timeout=self.timeout)
            if resp.status_code == 429:
                time.sleep(float(resp.headers.get("Retry-After") or 1) + 0.05)
                continue
            if resp.headers.get("X-Rate-Limit-Remaining") == "0":
                time.sleep(float(resp.headers.get("X-Rate-Limit-Reset") or 1) + 0.05)
            break
        if resp.status_code >= 400:
            raise CrewtideError(resp)
        return resp.json()

    def walk(self, path: str, params: dict | None = None):
        """Yield (record, included) for every record of a list, following links.next; `included`
        is the page's related records keyed by (type, id)."""
        doc = self._get(self.base + path, {**(params or {}), "page[size]": PAGE_SIZE})
        while True:
            included = {(r["type"], r["id"]): r for r in doc.get("included") or []}
            for rec in doc.get("data") or []:
                yield rec, included
            nxt = (doc.get("links") or {}).get("next")
            if not nxt:
                return
            doc = self._get(nxt)
