# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Pipelane API access (docs at PIPELANE_DOCS_URL): Basic auth, paged lists, Pipelane's clock."""
from __future__ import annotations

import datetime as dt
import time
from email.utils import parsedate_to_datetime
from typing import Iterator

import requests

from conn.config import Settings


class PipelaneError(Exception):
    def __init__(self, status: int, code: str, message: str):
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code = status, code


class Pipelane:
    def __init__(self, settings: Settings, timeout: float = 30.0):
        self.base = settings.base_url
        self.session = requests.Session()
        self.session.auth = (settings.api_key, "")
        self.timeout = timeout
        self.server_time: dt.datetime | None = None  # Pipelane's clock, from the last Date header

    def _send(self, method: str, path: str, params: dict | None = None, body: dict | None = None) -> dict:
        for attempt in range(6):
            resp = self.session.request(method, self.base + path, params=params, json=body, timeout=self.timeout)
            if "Date" in resp.headers:
                self.server_time = parsedate_to_datetime(resp.headers["Date"])
            if resp.status_code in (429, 503) and attempt < 5:
                time.sleep(float(resp.headers.get("Retry-After", "1")))
                continue
            if resp.status_code >= 400:
                try:
                    err = resp.json()
                except ValueError:
                    err = {}
                raise PipelaneError(resp.status_code, err.get("code", "error"), err.get("message", resp.text[:200]))
            return resp.json()
        raise AssertionError("unreachable")

    def get(self, path: str, params: dict | None = None) -> dict:
        return self._send("GET", path, params)

    def post(self, path: str, body: dict, params: dict | None = None) -> dict:
        return self._send("POST", path, params, body)

    def list(self, path: str, params: dict | None = None) -> Iterator[dict]:
        """Every record of a list endpoint, page after page (the offset token URL-encoded by requests)."""
        params = {**(params or {}), "limit": 100}
        while True:
            page = self.get(path, params)
            yield from page["data"]
            if not page.get("hasNext"):
                return
            params["offset"] = page["next"]

    def now(self) -> dt.datetime:
        """Pipelane's current time (the account's clock, which the 60-day rule is judged on)."""
        if self.server_time is None:
            self.get("/v1/users", {"limit": 1})
        return self.server_time
