# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide API access (docs at CREWTIDE_DOCS_URL)."""
from __future__ import annotations

import requests

from conn.config import Settings


class Crewtide:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.crewtide_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={settings.crewtide_key}"})

    def get(self, path: str, params: dict | None = None) -> dict:
        resp = self.session.get(self.base + path, params=params, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()
