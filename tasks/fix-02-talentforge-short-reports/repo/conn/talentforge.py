# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small TalentForge API v2 client (OAuth2 client credentials, cursor-paged lists)."""
from __future__ import annotations

import logging

import requests

from .config import Settings

log = logging.getLogger("conn.talentforge")


class TalentForge:
    def __init__(self, settings: Settings, timeout: float = 30.0):
        self.base = settings.base_url
        self.settings = settings
        self.timeout = timeout
        self.http = requests.Session()

    def token(self) -> str:
        r = self.http.post(self.base + "/oauth/token", timeout=self.timeout, json={
            "grant_type": "client_credentials", "client_id": self.settings.client_id,
            "client_secret": self.settings.client_secret})
        r.raise_for_status()
        return r.json()["access_token"]

    def list_page(self, token: str, path: str, params: dict) -> dict | None:
        """One page of a list endpoint, or None when there is nothing (more) to read."""
        r = self.http.get(self.base + path, params=params, timeout=self.timeout,
                          headers={"Authorization": f"Bearer {token}", "Accept": "application/json"})
        if r.status_code != 200:
            log.info("listing %s ended (HTTP %s)", path, r.status_code)
            return None
        return r.json()
