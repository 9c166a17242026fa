# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Scoutly access (the X-SmartToken key), read only for this job."""
from __future__ import annotations

import requests

from conn.config import need


class Scoutly:
    def __init__(self) -> None:
        self.base = need("SCOUTLY_BASE_URL").rstrip("/") + "/v1"
        self.session = requests.Session()
        self.session.headers.update({"X-SmartToken": need("SCOUTLY_API_KEY"), "Accept": "application/json"})

    def get(self, path: str, **params) -> dict:
        r = self.session.get(self.base + path, params=params or None, timeout=30)
        r.raise_for_status()
        return r.json()
