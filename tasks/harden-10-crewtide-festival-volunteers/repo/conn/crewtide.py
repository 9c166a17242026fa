# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Crewtide JSON:API client (API version 20250115, `Token token=` auth)."""
from __future__ import annotations

import logging
import time
from email.utils import parsedate_to_datetime

import requests

from conn.config import Settings

API_VERSION = "20250115"
PAGE_SIZE = 30  # Crewtide's maximum

log = logging.getLogger("conn.crewtide")


class CrewtideError(RuntimeError):
    def __init__(self, response: requests.Response):
        self.response = response
        self.status = response.status_code
        super().__init__(f"{response.request.method} {response.url}: {response.status_code} {response.text[:300]}")


class Page:
    """One list page: its records, links, meta and the server's Date (ISO-8601 UTC)."""

    def __init__(self, doc: dict, server_time: str | None):
        self.records = doc.get("data") or []
        self.links = doc.get("links") or {}
        self.meta = doc.get("meta") or {}
        self.server_time = server_time


def server_time(resp: requests.Response) -> str | None:
    value = resp.headers.get("Date")
    if not value:
        return None
    return parsedate_to_datetime(value).strftime("%Y-%m-%dT%H:%M:%SZ")


class Crewtide:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={settings.api_key}",
                                     "X-Api-Version": API_VERSION,
                                     "Accept": "application/vnd.api+json"})

    def get(self, path: str, params: dict | None = None) -> Page:
        for _ in range(20):
            resp = self.session.get(self.base + path, params=params, timeout=self.timeout)
            if resp.status_code == 429:
                wait = float(resp.headers.get("Retry-After") or 1)
                log.warning("throttled by Crewtide, retrying in %.0f s", wait)
                time.sleep(wait)
                continue
            break
        if resp.status_code >= 400:
            raise CrewtideError(resp)
        return Page(resp.json(), server_time(resp))
