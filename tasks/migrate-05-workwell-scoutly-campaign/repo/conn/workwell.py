# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Workwell SPI v3 access, from the campaign dashboard script (read-only use)."""
from __future__ import annotations

import requests

from conn.config import need


class Workwell:
    def __init__(self) -> None:
        self.base = need("WORKWELL_BASE_URL").rstrip("/") + f"/t/{need('WORKWELL_TENANT')}/spi/v3"
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {need('WORKWELL_API_KEY')}",
                                     "Accept": "application/json"})

    def get(self, url: str, **params) -> requests.Response:
        if not url.startswith("http"):
            url = self.base + url
        return self.session.get(url, params=params or None, timeout=30)
