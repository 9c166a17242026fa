# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Workwell SPI v3, read only. The docs allow 10 requests per 10 s and suggest at most one a
second: that is what we do (the data set is a few pages)."""
from __future__ import annotations

import requests

from .http import Client


class Workwell:
    def __init__(self, base_url: str, api_key: str, tenant: str):
        s = requests.Session()
        s.headers["Authorization"] = f"Bearer {api_key}"
        self.c = Client(s, min_gap_s=1.05)
        self.root = f"{base_url}/t/{tenant}/spi/v3"

    def _all(self, path: str, key: str, params: dict) -> list[dict]:
        r = self.c.read(self.root + path, params=params)
        body = r.json()
        rows = list(body.get(key) or [])
        while (body.get("paging") or {}).get("next"):
            body = self.c.read(body["paging"]["next"]).json()
            rows += body.get(key) or []
        return rows

    def stages(self) -> list[dict]:
        return self.c.read(self.root + "/stages").json()["stages"]

    def jobs(self) -> list[dict]:
        return self._all("/jobs", "jobs", {"limit": 100})

    def candidates(self) -> list[dict]:
        return self._all("/candidates", "candidates", {"limit": 100})
