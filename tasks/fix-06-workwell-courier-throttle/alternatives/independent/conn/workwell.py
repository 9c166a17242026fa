# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Workwell SPI v3 client, paced the simple way the rate-limit page allows: at most one request
per second (the key's budget is 10 per 10 s), so the window is never spent. A 429 can still come
(the rider app and kiosks share the key); it is waited out for its Retry-After and the same
request is sent again."""
from __future__ import annotations

import sys
import time

import requests

SPACING_S = 1.05
GIVE_UP_AFTER = 10


class WorkwellError(RuntimeError):
    pass


class Throttled(WorkwellError):
    pass


class Workwell:
    def __init__(self, base_url: str, api_key: str, tenant: str, timeout: float = 30.0):
        self.root = f"{base_url.rstrip('/')}/t/{tenant}/spi/v3"
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {api_key}"
        self.timeout = timeout
        self.next_at = 0.0
        self.sent = 0
        self.throttled = 0

    def get(self, path_or_url: str, params: dict | None = None) -> dict:
        url = path_or_url if path_or_url.startswith("http") else self.root + path_or_url
        for _ in range(GIVE_UP_AFTER):
            now = time.monotonic()
            if now < self.next_at:
                time.sleep(self.next_at - now)
            try:
                resp = self.http.get(url, params=params, timeout=self.timeout)
            except requests.RequestException as exc:
                raise WorkwellError(f"GET {url}: {exc}") from exc
            self.sent += 1
            self.next_at = time.monotonic() + SPACING_S
            if resp.status_code == 429:
                self.throttled += 1
                try:
                    wait = float(resp.headers.get("Retry-After", "10"))
                except ValueError:
                    wait = 10.0
                print(f"workwell: 429, retrying in {wait:g}s", file=sys.stderr)
                self.next_at = time.monotonic() + wait + 0.3
                continue
            if resp.status_code >= 400:
                raise WorkwellError(f"GET {url}: HTTP {resp.status_code}: {resp.text[:200]}")
            return resp.json()
        raise Throttled(f"GET {url}: still refused after {GIVE_UP_AFTER} attempts")

    def pages(self, path: str, params: dict | None = None):
        """Each page of a list: the first from `path` + `params`, then `paging.next` verbatim."""
        body = self.get(path, params)
        while True:
            yield body
            nxt = (body.get("paging") or {}).get("next")
            if not nxt:
                return
            body = self.get(nxt)
