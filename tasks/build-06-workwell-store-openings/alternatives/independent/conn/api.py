# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Workwell access with a fixed pace: never more than one request per second (the docs' second
recipe for 10 per 10 s), 429s retried after their Retry-After, list pages followed by the
`paging.next` URL Workwell returns."""
from __future__ import annotations

import time
from email.utils import parsedate_to_datetime

import httpx

GAP_S = 1.05


class ApiFailure(Exception):
    pass


class Paced:
    def __init__(self, base: str, key: str, tenant: str):
        self.prefix = f"{base}/t/{tenant}/spi/v3"
        self.client = httpx.Client(headers={"Authorization": f"Bearer {key}"}, timeout=30.0)
        self.last_start = 0.0
        self.vendor_date = None

    def fetch(self, url: str, params: dict | None = None) -> dict:
        attempts = 0
        while True:
            gap = self.last_start + GAP_S - time.monotonic()
            if gap > 0:
                time.sleep(gap)
            self.last_start = time.monotonic()
            attempts += 1
            try:
                resp = self.client.get(url, params=params)
            except httpx.HTTPError as err:
                if attempts >= 6:
                    raise ApiFailure(str(err)) from err
                time.sleep(attempts * 2)
                continue
            if self.vendor_date is None and resp.headers.get("date"):
                self.vendor_date = parsedate_to_datetime(resp.headers["date"])
            if resp.status_code == 429:
                time.sleep(float(resp.headers.get("retry-after") or 10) + 0.1)
                continue
            if resp.status_code >= 500 and attempts < 6:
                time.sleep(attempts * 2)
                continue
            if resp.status_code != 200:
                raise ApiFailure(f"{resp.status_code} on {url}: {resp.text[:200]}")
            return resp.json()

    def every(self, resource: str, **filters) -> list[dict]:
        out: list[dict] = []
        url, params = f"{self.prefix}/{resource}", {"limit": 100, **filters}
        while True:
            body = self.fetch(url, params)
            out.extend(body.get(resource, []))
            nxt = (body.get("paging") or {}).get("next")
            if not nxt:
                return out
            url, params = nxt, None
