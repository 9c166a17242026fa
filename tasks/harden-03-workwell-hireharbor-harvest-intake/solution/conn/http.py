# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Sending requests safely.

- Reads (GET) are retried after a transport error or a 5xx, with a growing pause.
- Writes are never repeated here: a write whose answer was lost (no answer, a cut answer, a
  5xx) may have taken effect, so `Ambiguous` goes back to the caller, who looks first.
- A throttle (429, or any answer with Retry-After) is waited out as asked: Retry-After in
  seconds or as an HTTP-date, then the same request is sent again (a refused request did not
  happen, so this holds for writes too).
- `Pacer` spaces requests to one vendor so we stay inside its allowance instead of meeting
  the limiter at all.
"""
from __future__ import annotations

import email.utils
import sys
import time

import requests

TIMEOUT_S = 30
READ_ATTEMPTS = 6
THROTTLE_ATTEMPTS = 12


class GaveUp(RuntimeError):
    """The request kept failing."""


class Ambiguous(RuntimeError):
    """A write whose outcome we do not know: it may have been committed."""


def retry_after_s(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait for a Retry-After value (delta-seconds or an HTTP-date), None if absent."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return 1.0
    if when is None:
        return 1.0
    now = time.time() if now is None else now
    return max(0.0, when.timestamp() - now)


class Pacer:
    """At most `limit` requests in any `window_s` (a sliding window of our own sends)."""

    def __init__(self, limit: int, window_s: float, remaining_header: str | None = None,
                 reset_header: str | None = None):
        self.limit, self.window_s = limit, window_s
        self.remaining_header, self.reset_header = remaining_header, reset_header
        self.sent: list[float] = []
        self.not_before = 0.0

    def wait(self) -> None:
        while True:
            now = time.monotonic()
            self.sent = [t for t in self.sent if now - t < self.window_s]
            pause = max(self.not_before - now, 0.0)
            if len(self.sent) >= self.limit:
                pause = max(pause, self.sent[0] + self.window_s - now)
            if pause <= 0:
                self.sent.append(now)
                return
            time.sleep(pause + 0.01)

    def hold(self, seconds: float) -> None:
        self.not_before = max(self.not_before, time.monotonic() + seconds)

    def observe(self, r: requests.Response) -> None:
        """Pause until the vendor's window resets when its headers say the budget is spent
        (another of our runs, or the tail of the previous one, may have used it)."""
        if self.remaining_header is None:
            return
        try:
            remaining = int(r.headers[self.remaining_header])
            reset_s = float(r.headers[self.reset_header])
        except (KeyError, ValueError):
            return
        if remaining <= 0:
            self.hold(reset_s + 0.1)


def send(session: requests.Session, pacer: Pacer, method: str, url: str, **kw) -> requests.Response:
    write = method.upper() != "GET"
    failures = throttles = 0
    while True:
        pacer.wait()
        try:
            r = session.request(method, url, timeout=TIMEOUT_S, **kw)
        except (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError) as exc:
            if write:
                raise Ambiguous(f"{method} {url}: {type(exc).__name__}") from exc
            failures += 1
            if failures >= READ_ATTEMPTS:
                raise GaveUp(f"{method} {url}: {type(exc).__name__}") from exc
            time.sleep(min(0.5 * 2 ** (failures - 1), 8.0))
            continue
        pacer.observe(r)
        wait = retry_after_s(r.headers.get("Retry-After"))
        if r.status_code == 429 or (wait is not None and r.status_code >= 300):
            throttles += 1
            wait = 1.0 if wait is None else wait
            print(f"{method} {r.request.path_url}: {r.status_code}, waiting {wait:.1f}s as asked", file=sys.stderr)
            pacer.hold(wait + 0.05)
            if throttles >= THROTTLE_ATTEMPTS:
                raise GaveUp(f"{method} {url}: still throttled after {throttles} waits")
            continue
        if r.status_code >= 500:
            if write:
                raise Ambiguous(f"{method} {url}: HTTP {r.status_code}")
            failures += 1
            if failures >= READ_ATTEMPTS:
                raise GaveUp(f"{method} {url}: HTTP {r.status_code}")
            time.sleep(min(0.5 * 2 ** (failures - 1), 8.0))
            continue
        return r
