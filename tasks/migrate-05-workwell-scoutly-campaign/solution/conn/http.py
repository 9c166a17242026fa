# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Paced HTTP for both systems: one shared pacer per vendor, Retry-After honoured on every 429."""
from __future__ import annotations

import email.utils
import threading
import time

import requests

from conn.config import need


class Pacer:
    """At most `rate` request starts per second, shared by all threads."""

    def __init__(self, rate: float):
        self.interval = 1.0 / rate
        self.lock = threading.Lock()
        self.next_at = 0.0
        self.blocked_until = 0.0

    def wait(self) -> None:
        with self.lock:
            now = time.monotonic()
            at = max(now, self.next_at, self.blocked_until)
            self.next_at = at + self.interval
        if at > now:
            time.sleep(at - now)

    def block(self, seconds: float) -> None:
        with self.lock:
            self.blocked_until = max(self.blocked_until, time.monotonic() + seconds)


def retry_after(resp: requests.Response) -> float:
    value = resp.headers.get("Retry-After", "1")
    try:
        return float(value)
    except ValueError:
        when = email.utils.parsedate_to_datetime(value).timestamp()
        return max(1.0, when - time.time())


class Workwell:
    """Read-only; the key's budget is read from X-Rate-Limit-Remaining / -Reset."""

    def __init__(self) -> None:
        self.base = need("WORKWELL_BASE_URL").rstrip("/") + f"/t/{need('WORKWELL_TENANT')}/spi/v3"
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {need('WORKWELL_API_KEY')}",
                                     "Accept": "application/json"})
        self.pacer = Pacer(2.0)
        self.last_date: str | None = None

    def get(self, url: str, **params) -> dict:
        if not url.startswith("http"):
            url = self.base + url
        while True:
            self.pacer.wait()
            resp = self.session.get(url, params=params or None, timeout=60)
            if resp.status_code == 429:
                self.pacer.block(retry_after(resp) + 0.2)
                continue
            resp.raise_for_status()
            self.last_date = resp.headers.get("Date", self.last_date)
            remaining = resp.headers.get("X-Rate-Limit-Remaining")
            if remaining is not None and int(remaining) <= 0:
                reset = float(resp.headers.get("X-Rate-Limit-Reset", "10"))
                if reset > 1e6:  # an epoch instant (as the docs say), on Workwell's clock
                    date = resp.headers.get("Date")
                    base = email.utils.parsedate_to_datetime(date).timestamp() if date else time.time()
                    reset = reset - base
                self.pacer.block(max(0.0, reset) + 0.3)
            return resp.json()

    def walk(self, path: str, key: str, **params) -> list[dict]:
        out, url, first = [], path, True
        while url:
            page = self.get(url, **(dict(params, limit=100) if first else {}))
            first = False
            out.extend(page[key])
            url = (page.get("paging") or {}).get("next")
        return out


class Scoutly:
    def __init__(self) -> None:
        self.base = need("SCOUTLY_BASE_URL").rstrip("/") + "/v1"
        self.key = need("SCOUTLY_API_KEY")
        self.local = threading.local()
        self.pacer = Pacer(8.0)

    def _session(self) -> requests.Session:
        if not hasattr(self.local, "s"):
            self.local.s = requests.Session()
            self.local.s.headers.update({"X-SmartToken": self.key, "Accept": "application/json"})
        return self.local.s

    def call(self, method: str, path: str, body: dict | None = None, **params) -> requests.Response:
        while True:
            self.pacer.wait()
            resp = self._session().request(method, self.base + path, json=body, params=params or None, timeout=60)
            if resp.status_code == 429:
                self.pacer.block(retry_after(resp) + 0.2)
                continue
            if resp.status_code >= 500:
                time.sleep(1.0)
                continue
            return resp
