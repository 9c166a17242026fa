# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Scoutly access (the X-SmartToken key)."""
from __future__ import annotations

import requests

from conn.config import need


class Scoutly:
    def __init__(self) -> None:
        self.base = need("SCOUTLY_BASE_URL").rstrip("/") + "/v1"
        self.session = requests.Session()
        self.session.headers.update({"X-SmartToken": need("SCOUTLY_API_KEY"), "Accept": "application/json"})

    def request(self, method: str, path: str, body: dict | None = None, **params) -> requests.Response:
        return self.session.request(method, self.base + path, json=body, params=params or None, timeout=30)
