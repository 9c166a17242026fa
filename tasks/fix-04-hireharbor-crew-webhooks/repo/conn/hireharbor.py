# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A thin HireHarbor API client (HTTP Basic, the API key as user name)."""
from __future__ import annotations

import requests

from conn import config


class HireHarbor:
    def __init__(self, timeout: float = 30):
        self.base = config.base_url()
        self.timeout = timeout
        self.session = requests.Session()
        self.session.auth = (config.api_key(), "")
        self.session.headers.update({"Accept": "application/json"})

    def get(self, path: str, params: dict | None = None):
        resp = self.session.get(self.base + path, params=params, timeout=self.timeout)
        resp.raise_for_status()
        return resp

    def walk(self, path: str, params: dict | None = None) -> list:
        """Every item of a paged list, following Link rel="next"."""
        out, resp = [], self.get(path, {"per_page": 100, **(params or {})})
        while True:
            out.extend(resp.json())
            nxt = resp.links.get("next", {}).get("url")
            if not nxt:
                return out
            resp = self.session.get(nxt, timeout=self.timeout)
            resp.raise_for_status()

    def post(self, path: str, body: dict, on_behalf_of: int):
        resp = self.session.post(self.base + path, json=body, timeout=self.timeout,
                                 headers={"On-Behalf-Of": str(on_behalf_of)})
        resp.raise_for_status()
        return resp.json()
