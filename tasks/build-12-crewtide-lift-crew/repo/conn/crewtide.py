# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A thin Crewtide API client."""
from __future__ import annotations

import requests

from conn.config import Settings


class CrewtideError(RuntimeError):
    def __init__(self, response: requests.Response):
        self.response = response
        super().__init__(f"{response.request.method} {response.url}: {response.status_code} {response.text[:300]}")


class Crewtide:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={settings.api_key}"})

    def get(self, path: str, params: dict | None = None) -> dict:
        resp = self.session.get(self.base + path, params=params, timeout=self.timeout)
        if resp.status_code >= 400:
            raise CrewtideError(resp)
        return resp.json()
