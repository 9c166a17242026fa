# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A thin HireHarbor API client."""
from __future__ import annotations

import requests

from conn.config import Settings


class HireHarborError(RuntimeError):
    def __init__(self, response: requests.Response):
        self.response = response
        try:
            body = response.json()
        except ValueError:
            body = {}
        self.code = body.get("code") if isinstance(body, dict) else None
        super().__init__(f"{response.request.method} {response.url}: {response.status_code} {response.text[:200]}")


class HireHarbor:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.auth = (settings.api_key, "")
        self.session.headers.update({"Accept": "application/json"})

    def get(self, path: str, params: dict | None = None):
        resp = self.session.get(self.base + path, params=params, timeout=self.timeout)
        if resp.status_code >= 400:
            raise HireHarborError(resp)
        return resp.json()

    def post(self, path: str, body: dict, headers: dict | None = None):
        resp = self.session.post(self.base + path, json=body, headers=headers or {}, timeout=self.timeout)
        if resp.status_code >= 400:
            raise HireHarborError(resp)
        return resp.json()
