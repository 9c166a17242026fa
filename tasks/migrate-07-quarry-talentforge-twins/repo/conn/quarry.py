# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Quarry API access, copied from the careers-site export: every call is a POST to /<object>.<verb>
with a JSON body, the API key as the Basic-auth user."""
from __future__ import annotations

import requests


class Quarry:
    def __init__(self, base_url: str, api_key: str):
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.auth = (api_key, "")

    def call(self, method: str, body: dict | None = None) -> dict:
        r = self.http.post(f"{self.base}/{method}", json=body or {}, timeout=30)
        r.raise_for_status()
        return r.json()
