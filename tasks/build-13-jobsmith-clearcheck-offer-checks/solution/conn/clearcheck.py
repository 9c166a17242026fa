# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""ClearCheck: X-Api-Key, cursor pages (filters ride inside the cursor), Idempotency-Key on
orders, and the server clock from the `Date` header."""
import time
from email.utils import parsedate_to_datetime

import httpx

from conn import config
from conn.http import send


class ClearCheck:
    def __init__(self):
        self.base = config.clearcheck_url()
        self.http = httpx.Client(timeout=30, headers={"X-Api-Key": config.clearcheck_key()})
        self.last_date = None  # ClearCheck's clock at the last answer (aware datetime)
        self.offset_s = 0.0  # ClearCheck's clock minus ours

    def _track(self, r: httpx.Response) -> httpx.Response:
        if r.headers.get("Date"):
            try:
                self.last_date = parsedate_to_datetime(r.headers["Date"])
                self.offset_s = self.last_date.timestamp() - time.time()
            except (TypeError, ValueError):
                pass
        return r

    def get(self, path: str, params: dict | None = None):
        r = self._track(send(self.http, "GET", self.base + path, safe=True, params=params or {}))
        r.raise_for_status()
        return r.json()

    def walk(self, path: str, params: dict | None = None):
        """Every record of a list; returns ClearCheck's clock at the first page via self.last_date."""
        doc = self.get(path, {**(params or {}), "limit": 100})
        yield from doc["data"]
        while doc.get("has_more") and doc.get("next_cursor"):
            doc = self.get(path, {"cursor": doc["next_cursor"], "limit": 100})
            yield from doc["data"]

    def post(self, path: str, body: dict, key: str | None = None) -> httpx.Response:
        headers = {"Idempotency-Key": key} if key else {}
        return self._track(send(self.http, "POST", self.base + path, safe=key is not None, json=body, headers=headers))
