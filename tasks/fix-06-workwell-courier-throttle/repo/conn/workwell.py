# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Workwell SPI v3 client: Bearer key, the account prefix, and pacing so that we stay
inside the key's budget (10 requests per 10 seconds)."""
from __future__ import annotations

import sys
import time

import requests

MARGIN_S = 0.25   # added to every pause


class WorkwellError(RuntimeError):
    pass


class Throttled(WorkwellError):
    """Workwell refused the request (429); the wait it asked for has already been slept."""


class Workwell:
    def __init__(self, base_url: str, api_key: str, tenant: str, timeout: float = 30.0):
        self.root = f"{base_url.rstrip('/')}/t/{tenant}/spi/v3"
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {api_key}", "Accept": "application/json"})
        self.timeout = timeout
        self.sent = 0
        self.throttled = 0

    def _pace(self, r: requests.Response) -> None:
        """When the window's budget is spent, sleep until Workwell resets it."""
        remaining = r.headers.get("X-RateLimit-Remaining")
        if remaining is None:
            return
        try:
            left = int(remaining)
            reset_at = float(r.headers.get("X-RateLimit-Reset", "0"))
        except ValueError:
            return
        if left <= 0:
            time.sleep(max(0.0, reset_at - time.time()) + MARGIN_S)

    def get(self, path: str, params: dict | None = None) -> dict:
        url = path if path.startswith("http") else self.root + path
        try:
            r = self.http.get(url, params=params, timeout=self.timeout)
        except requests.RequestException as exc:
            raise WorkwellError(f"GET {url}: {exc}") from exc
        self.sent += 1
        self._pace(r)
        if r.status_code == 429:
            self.throttled += 1
            try:
                wait = float(r.headers.get("Retry-After") or 1)
            except ValueError:
                wait = 1.0
            print(f"workwell: throttled on {r.request.path_url}, waiting {wait:.0f}s", file=sys.stderr)
            time.sleep(wait)
            raise Throttled(url)
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
