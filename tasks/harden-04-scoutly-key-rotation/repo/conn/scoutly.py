# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Scoutly client: the X-SmartToken header, a pace under 10 requests a second, list
walks one page after another (Scoutly serves one list call at a time per key)."""
import threading
import time

import httpx

from conn import config

PAGE = 100
MIN_GAP_S = 0.11  # 10 requests a second is Scoutly's limit; stay under it


class Scoutly:
    def __init__(self, timeout: float = 20.0):
        self.http = httpx.Client(base_url=config.base_url(), timeout=timeout,
                                 headers={"X-SmartToken": config.api_key(), "Accept": "application/json"})
        self._lock = threading.Lock()
        self._last = 0.0

    def _pace(self) -> None:
        with self._lock:
            wait = self._last + MIN_GAP_S - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self._last = time.monotonic()

    def request(self, method: str, path: str, **kw) -> httpx.Response:
        for _ in range(5):
            self._pace()
            r = self.http.request(method, path, **kw)
            if r.status_code == 429:  # busy: try again in a moment
                time.sleep(0.5)
                continue
            return r
        return r

    def get(self, path: str, params: dict | None = None) -> dict | None:
        r = self.request("GET", path, params=params)
        if r.status_code == 404:
            return None
        r.raise_for_status()
        return r.json()

    def walk(self, path: str, params: dict | None = None):
        """Every record of a list, page by page (never two list calls at once)."""
        offset = 0
        while True:
            page = self.get(path, {**(params or {}), "limit": PAGE, "offset": offset, "sort": "createdOn"})
            items = page.get("content") or []
            yield from items
            offset += len(items)
            if not items or offset >= int(page.get("totalFound") or 0):
                return
