# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""TalentForge API v2 access (new): OAuth2 client credentials, JSON."""
from __future__ import annotations

import requests


class TalentForge:
    def __init__(self, base_url: str, client_id: str, client_secret: str):
        self.base = base_url.rstrip("/")
        self.client_id, self.client_secret = client_id, client_secret
        self.http = requests.Session()

    def token(self) -> str:
        r = self.http.post(self.base + "/oauth/token", json={
            "grant_type": "client_credentials", "client_id": self.client_id, "client_secret": self.client_secret},
            timeout=30)
        r.raise_for_status()
        return r.json()["access_token"]
