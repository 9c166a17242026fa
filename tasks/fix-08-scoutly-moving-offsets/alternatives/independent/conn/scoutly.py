# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Scoutly over `requests`: one call at a time, and when Scoutly refuses one (429: a list call
already in flight, or the request budget spent) we wait what its Retry-After says and send it again."""
from __future__ import annotations

import time

import requests

from conn import config

PAGE = 100


class ScoutlyError(Exception):
    pass


class Scoutly:
    def __init__(self):
        self.session = requests.Session()
        self.session.headers.update({"X-SmartToken": config.api_key(), "Accept": "application/json"})
        self.base = config.base_url()

    def close(self) -> None:
        self.session.close()

    def get(self, path: str, params: dict) -> dict:
        problem = ""
        for attempt in range(10):
            try:
                r = self.session.get(self.base + path, params=params, timeout=30)
            except requests.RequestException as exc:
                problem = str(exc)
                time.sleep(1 + attempt)
                continue
            if r.status_code == 429:
                problem = "429"
                retry_after = r.headers.get("Retry-After", "1")
                time.sleep(float(retry_after) if retry_after.replace(".", "", 1).isdigit() else 1.0)
                continue
            if r.status_code >= 500:
                problem = f"HTTP {r.status_code}"
                time.sleep(1 + attempt)
                continue
            if r.status_code != 200:
                raise ScoutlyError(f"GET {path}: HTTP {r.status_code}: {r.text[:200]}")
            return r.json()
        raise ScoutlyError(f"GET {path}: {problem}")

    def all_candidates(self) -> list[dict]:
        """One pass over the whole list, newest change first, page after page."""
        out, offset = [], 0
        while True:
            page = self.get("/v1/candidates", {"sort": "updatedOn", "order": "desc", "limit": PAGE, "offset": offset})
            batch = page.get("content") or []
            out.extend(batch)
            offset += PAGE
            if not batch or offset >= int(page.get("totalFound", 0)):
                return out
