# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Jobsmith API client: the key in the `apikey` query parameter (the only place Jobsmith
reads it), /page/{n} walks that end only at an empty list (hidden applicants make pages short
mid-stream), a single result wrapped into a list."""
from __future__ import annotations

import time
from typing import Iterator

import requests

from conn.config import Settings

RETRYABLE = {429, 500, 502, 503, 504}


class JobsmithError(RuntimeError):
    pass


class Jobsmith:
    def __init__(self, settings: Settings, timeout: float = 30, attempts: int = 8):
        self.base = settings.base_url
        self.key = settings.api_key
        self.timeout = timeout
        self.attempts = attempts
        self.session = requests.Session()
        self.session.headers["Accept"] = "application/json"

    def get(self, path: str, params: dict | None = None):
        delay = 2.0
        for attempt in range(1, self.attempts + 1):
            try:
                resp = self.session.get(self.base + path, params={**(params or {}), "apikey": self.key},
                                        timeout=self.timeout)
            except (requests.ConnectionError, requests.Timeout):
                if attempt == self.attempts:
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 30)
                continue
            if resp.status_code in RETRYABLE and attempt < self.attempts:
                ra = resp.headers.get("Retry-After", "")
                time.sleep(float(ra) if ra.isdigit() else delay)
                delay = min(delay * 2, 30)
                continue
            if resp.status_code >= 400:
                raise JobsmithError(f"GET {path}: {resp.status_code} {resp.text[:300]}")
            return resp.json()
        raise AssertionError("unreachable")

    def walk(self, path: str, params: dict | None = None) -> Iterator[dict]:
        """Every record of a paged list: page 1 is `path`, page n is `path/page/n`; only an
        empty list ends it (a short page does not), and a lone object is one record."""
        n = 1
        while True:
            body = self.get(path if n == 1 else f"{path}/page/{n}", params)
            items = [body] if isinstance(body, dict) else list(body)
            if not items:
                return
            yield from items
            n += 1
