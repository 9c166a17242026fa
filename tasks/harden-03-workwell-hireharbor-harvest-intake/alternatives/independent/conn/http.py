# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Requests with manners (written from the ticket and the vendors' docs).

`Client.call` sends one request and deals with throttling itself: before sending it waits for
whatever the vendor last asked (Retry-After, in seconds or as an HTTP-date, or a spent
rate-limit window from the response headers); a 429 is waited out and re-sent (it was never
processed). Everything else is the caller's business: `Lost` means no usable answer came
back (the connection broke, the body was cut, a 5xx) — for a write, that is "maybe done".
"""
from __future__ import annotations

import time
from email.utils import parsedate_to_datetime

import requests


class Lost(Exception):
    """No usable answer: the request may or may not have been processed."""


def parse_retry_after(value: str, now: float) -> float:
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - now)
    except (TypeError, ValueError, IndexError):
        return 2.0


class Client:
    def __init__(self, session: requests.Session, *, min_gap_s: float = 0.0,
                 remaining_header: str | None = None, reset_header: str | None = None):
        self.s = session
        self.min_gap_s = min_gap_s
        self.remaining_header, self.reset_header = remaining_header, reset_header
        self.ready_at = 0.0   # time.time() before which nothing is sent
        self.last_sent = 0.0

    def _wait(self) -> None:
        now = time.time()
        until = max(self.ready_at, self.last_sent + self.min_gap_s)
        if until > now:
            time.sleep(until - now)
        self.last_sent = time.time()

    def _learn(self, r: requests.Response) -> None:
        if "Retry-After" in r.headers and r.status_code >= 400:
            self.ready_at = max(self.ready_at, time.time() + parse_retry_after(r.headers["Retry-After"], time.time()) + 0.2)
        if self.remaining_header and self.remaining_header in r.headers:
            try:
                if int(r.headers[self.remaining_header]) <= 0:
                    self.ready_at = max(self.ready_at, time.time() + float(r.headers[self.reset_header]) + 0.2)
            except (TypeError, ValueError, KeyError):
                pass

    def call(self, method: str, url: str, **kw) -> requests.Response:
        for _ in range(20):
            self._wait()
            try:
                r = self.s.request(method, url, timeout=30, **kw)
                r.content  # read it all now: a cut body raises here
            except requests.RequestException as exc:
                raise Lost(f"{method} {url}: {exc.__class__.__name__}") from exc
            self._learn(r)
            if r.status_code == 429:
                continue
            if r.status_code >= 500:
                raise Lost(f"{method} {url}: HTTP {r.status_code}")
            return r
        raise Lost(f"{method} {url}: throttled twenty times")

    def read(self, url: str, **kw) -> requests.Response:
        """GETs are safe to repeat: a few tries with a pause."""
        for attempt in range(5):
            try:
                return self.call("GET", url, **kw)
            except Lost:
                if attempt == 4:
                    raise
                time.sleep(1.0 + attempt)
        raise AssertionError("unreachable")
