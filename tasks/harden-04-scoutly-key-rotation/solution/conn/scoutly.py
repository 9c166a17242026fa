# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Scoutly client: the X-SmartToken header, a pace under 10 requests a second, 429s and
503s answered by waiting Retry-After, other 5xx and dropped connections retried with a backoff,
list walks one page after another (Scoutly serves one list call at a time per key).

Scoutly keeps its own clock: `clock_offset_s` is Scoutly's time minus ours, from the `Date`
header of the latest answer."""
import email.utils
import threading
import time

import httpx

from conn import config

PAGE = 100
MIN_GAP_S = 0.11  # 10 requests a second is Scoutly's limit; stay under it
ATTEMPTS = 8


def retry_after_s(r: httpx.Response, default: float = 1.0) -> float:
    value = (r.headers.get("Retry-After") or "").strip()
    if not value:
        return default
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
        server_now = email.utils.parsedate_to_datetime(r.headers["Date"]) if r.headers.get("Date") else None
        base = server_now.timestamp() if server_now else time.time()
        return max(when.timestamp() - base, 0.0)
    except (TypeError, ValueError, KeyError):
        return default


class Scoutly:
    def __init__(self, timeout: float = 20.0):
        self.http = httpx.Client(base_url=config.base_url(), timeout=timeout,
                                 headers={"X-SmartToken": config.api_key(), "Accept": "application/json"})
        self._lock = threading.Lock()
        self._last = 0.0
        self.clock_offset_s: float | None = None

    def _pace(self, at_least: float = 0.0) -> None:
        with self._lock:
            wait = max(self._last + MIN_GAP_S, time.monotonic() + at_least) - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self._last = time.monotonic()

    def _note_clock(self, r: httpx.Response) -> None:
        try:
            self.clock_offset_s = email.utils.parsedate_to_datetime(r.headers["Date"]).timestamp() - time.time()
        except (KeyError, TypeError, ValueError):
            pass

    def request(self, method: str, path: str, **kw) -> httpx.Response:
        wait = 0.0
        for attempt in range(ATTEMPTS):
            self._pace(wait)
            try:
                r = self.http.request(method, path, **kw)
            except httpx.TransportError:
                if attempt == ATTEMPTS - 1:
                    raise
                wait = min(0.5 * 2 ** attempt, 8.0)
                continue
            self._note_clock(r)
            if r.status_code == 429 or (r.status_code >= 500 and attempt < ATTEMPTS - 1):
                wait = retry_after_s(r, min(0.5 * 2 ** attempt, 8.0)) + 0.05
                continue
            return r
        return r

    def get(self, path: str, params: dict | None = None) -> dict | None:
        r = self.request("GET", path, params=params)
        if r.status_code == 404:
            return None
        r.raise_for_status()
        return r.json()

    def get_response(self, path: str, params: dict | None = None) -> httpx.Response:
        """One attempt, no retry (the caller decides): for the key list, which allows 6 calls a minute."""
        self._pace()
        r = self.http.get(path, params=params)
        self._note_clock(r)
        return r

    def walk(self, path: str, params: dict | None = None):
        """Every record of a list, page by page (never two list calls at once); a failed page is
        read again at the same offset."""
        offset = 0
        while True:
            page = self.get(path, {**(params or {}), "limit": PAGE, "offset": offset, "sort": "createdOn"})
            items = page.get("content") or []
            yield from items
            offset += len(items)
            if not items or offset >= int(page.get("totalFound") or 0):
                return
