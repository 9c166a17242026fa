# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Placemint API access (new): Bearer key. Only the basics so far."""
from __future__ import annotations

import requests


class Placemint:
    def __init__(self, base_url: str, api_key: str) -> None:
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        return self.session.request(method, self.base + path, timeout=30, **kwargs)
