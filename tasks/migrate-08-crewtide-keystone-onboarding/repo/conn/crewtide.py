# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide (JSON:API, read only for us): `Token token=` auth, the API version header, pages
followed through links.next."""
from __future__ import annotations

import time

import requests

from conn.config import Settings

API_VERSION = "20250115"


class CrewtideError(RuntimeError):
    pass


class Crewtide:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.crewtide_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={settings.crewtide_key}",
                                     "X-Api-Version": API_VERSION, "Accept": "application/vnd.api+json"})

    def get(self, url: str, params: dict | None = None) -> dict:
        if url.startswith("/"):
            url = self.base + url
        for _ in range(6):
            resp = self.session.get(url, params=params, timeout=self.timeout)
            if resp.status_code == 429:
                time.sleep(float(resp.headers.get("Retry-After", "2")))
                continue
            if resp.status_code >= 400:
                raise CrewtideError(f"GET {url}: {resp.status_code} {resp.text[:300]}")
            return resp.json()
        raise CrewtideError(f"GET {url}: still throttled")

    def walk(self, path: str, params: dict | None = None) -> tuple[list[dict], list[dict]]:
        """Every resource of a list endpoint, with everything `included`: (data, included)."""
        params = dict(params or {})
        params.setdefault("page[size]", 30)
        data, included = [], []
        doc = self.get(path, params)
        while True:
            data += doc.get("data", [])
            included += doc.get("included", [])
            nxt = (doc.get("links") or {}).get("next")
            if not nxt:
                return data, included
            doc = self.get(nxt)
