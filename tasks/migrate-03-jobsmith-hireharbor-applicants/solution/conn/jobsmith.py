# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Jobsmith API access: the key in the `apikey` query parameter; path-segment pages that end
only with an empty list (hidden applicants make pages short mid-stream); a page of one record
comes back as an object."""
from __future__ import annotations

import os
import time

import requests


class Jobsmith:
    def __init__(self) -> None:
        self.base = os.environ["JOBSMITH_BASE_URL"].rstrip("/")
        self.key = os.environ["JOBSMITH_API_KEY"]
        self.session = requests.Session()

    def get(self, path: str, **params):
        for attempt in range(8):
            try:
                r = self.session.get(self.base + path, params={**params, "apikey": self.key}, timeout=30)
            except requests.RequestException:
                time.sleep(min(2 ** attempt, 10))
                continue
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(float(r.headers.get("Retry-After") or min(2 ** attempt, 10)))
                continue
            r.raise_for_status()
            return r.json()
        raise RuntimeError(f"Jobsmith GET {path}: gave up")

    def pages(self, path: str, **params):
        n = 1
        while True:
            rows = self.get(path if n == 1 else f"{path}/page/{n}", **params)
            if isinstance(rows, dict):
                rows = [rows]
            if not rows:
                return
            yield from rows
            n += 1
