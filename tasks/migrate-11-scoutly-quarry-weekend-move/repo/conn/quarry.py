# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Quarry access: every call is a POST to /<object>.<verb> with a JSON body, the API key as the
Basic-auth user."""
from __future__ import annotations

import requests

from conn.config import need


class Quarry:
    def __init__(self) -> None:
        self.base = need("QUARRY_BASE_URL").rstrip("/")
        self.http = requests.Session()
        self.http.auth = (need("QUARRY_API_KEY"), "")

    def call(self, method: str, body: dict | None = None) -> dict:
        r = self.http.post(f"{self.base}/{method}", json=body or {}, timeout=30)
        r.raise_for_status()
        return r.json()
