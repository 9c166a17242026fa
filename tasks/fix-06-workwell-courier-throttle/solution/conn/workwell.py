# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Workwell SPI v3 client: Bearer key, the account prefix, and pacing so that we stay
inside the key's budget (10 requests per 10 seconds). It also notes Workwell's own clock (the Date
of the first answer), which the sync's "changed since" watermark is kept on.

Pacing reads Workwell's own headers, X-Rate-Limit-Remaining and X-Rate-Limit-Reset (hyphenated).
The docs call the reset an epoch timestamp, but Workwell sends the seconds left in the window
(e.g. `7`); both readings are accepted. A 429 (ours, or the rider app's on the shared key) is
waited out for its Retry-After and the same request is sent again."""
from __future__ import annotations

import sys
import time

import requests

MARGIN_S = 0.25        # added to every pause
MAX_THROTTLED = 8      # 429s in a row on one request before we give up


class WorkwellError(RuntimeError):
    pass


class Throttled(WorkwellError):
    """Workwell kept refusing one request (429) after every wait it asked for."""


class Workwell:
    def __init__(self, base_url: str, api_key: str, tenant: str, timeout: float = 30.0):
        self.root = f"{base_url.rstrip('/')}/t/{tenant}/spi/v3"
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {api_key}", "Accept": "application/json"})
        self.timeout = timeout
        self.pause_until = 0.0   # monotonic instant before which nothing is sent
        self.sent = 0
        self.throttled = 0
        self.first_date: str | None = None   # Workwell's Date header on its first answer
        self.http.hooks["response"].append(self._note_date)

    @staticmethod
    def _reset_seconds(raw: str | None) -> float | None:
        if not raw:
            return None
        try:
            value = float(raw)
        except ValueError:
            return None
        if value > 1e9:                     # an epoch timestamp, as the docs describe
            return max(0.0, value - time.time())
        return max(0.0, value)              # seconds until the window resets, as the wire has it

    def _pace(self, r: requests.Response) -> None:
        """When the window's budget is spent, nothing more is sent until Workwell resets it."""
        remaining = r.headers.get("X-Rate-Limit-Remaining")
        reset = self._reset_seconds(r.headers.get("X-Rate-Limit-Reset"))
        if remaining is None or reset is None:
            return
        try:
            left = int(remaining)
        except ValueError:
            return
        if left <= 0:
            self.pause_until = max(self.pause_until, time.monotonic() + reset + MARGIN_S)

    def _wait_turn(self) -> None:
        delay = self.pause_until - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    def get(self, path: str, params: dict | None = None) -> dict:
        url = path if path.startswith("http") else self.root + path
        refused = 0
        while True:
            self._wait_turn()
            try:
                r = self.http.get(url, params=params, timeout=self.timeout)
            except requests.RequestException as exc:
                raise WorkwellError(f"GET {url}: {exc}") from exc
            self.sent += 1
            self._pace(r)
            if r.status_code != 429:
                break
            self.throttled += 1
            refused += 1
            try:
                wait = float(r.headers.get("Retry-After") or 1)
            except ValueError:
                wait = 1.0
            print(f"workwell: throttled on {r.request.path_url}, waiting {wait:.0f}s", file=sys.stderr)
            if refused >= MAX_THROTTLED:
                raise Throttled(f"GET {url}: refused {refused} times in a row")
            self.pause_until = max(self.pause_until, time.monotonic() + wait + MARGIN_S)
        if r.status_code >= 400:
            raise WorkwellError(f"GET {url}: {r.status_code} {r.text[:200]}")
        try:
            return r.json()
        except ValueError as exc:
            raise WorkwellError(f"GET {url}: not JSON") from exc

    def walk(self, path: str, key: str, params: dict | None = None):
        """Every row of a list, following `paging.next` as Workwell hands it back."""
        page = self.get(path, params)
        while True:
            yield from page.get(key) or []
            nxt = (page.get("paging") or {}).get("next")
            if not nxt:
                return
            page = self.get(nxt)

    def _note_date(self, r: requests.Response, *args, **kwargs) -> None:
        if self.first_date is None and r.status_code < 400 and r.headers.get("Date"):
            self.first_date = r.headers["Date"]
