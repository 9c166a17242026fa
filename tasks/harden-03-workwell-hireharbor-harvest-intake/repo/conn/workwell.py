# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The agency's Workwell account (SPI v3): jobs, stages and candidates, read only."""
from __future__ import annotations

from collections.abc import Iterator

import requests

from .http import send


class WorkwellError(RuntimeError):
    pass


class Workwell:
    def __init__(self, base_url: str, api_key: str, tenant: str):
        self.root = f"{base_url}/t/{tenant}/spi/v3"
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {api_key}", "Accept": "application/json"})

    def get(self, path_or_url: str, params: dict | None = None) -> dict:
        url = path_or_url if path_or_url.startswith("http") else self.root + path_or_url
        r = send(self.http, "GET", url, params=params)
        if r.status_code >= 400:
            raise WorkwellError(f"GET {url}: {r.status_code} {r.text[:200]}")
        return r.json()

    def walk(self, path: str, key: str, params: dict | None = None) -> Iterator[dict]:
        page = self.get(path, params)
        while True:
            yield from page.get(key) or []
            nxt = (page.get("paging") or {}).get("next")
            if not nxt:
                return
            page = self.get(nxt)

    def stages(self) -> list[dict]:
        return self.get("/stages")["stages"]

    def jobs(self) -> list[dict]:
        return list(self.walk("/jobs", "jobs", {"limit": 50}))

    def candidates(self) -> Iterator[dict]:
        return self.walk("/candidates", "candidates", {"limit": 50})
