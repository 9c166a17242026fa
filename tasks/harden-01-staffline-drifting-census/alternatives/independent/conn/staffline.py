# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small StaffLine API client: signed GET requests that survive a bad night.

- Requests are signed with StaffLine's clock (measured from the `Date` header), not ours.
- Transient failures (dropped connections, bodies cut short, timeouts, 5xx, 429) are retried
  with exponential backoff; a `Retry-After` (seconds or HTTP date) is always honoured.
- `X-RateLimit-Remaining: 0` makes us wait for the window to reset before the next request.
"""
from __future__ import annotations

import email.utils
import hashlib
import hmac
import json
import os
import random
import sys
import time

import requests

EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()

RETRYABLE_STATUS = {408, 425, 429, 500, 502, 503, 504}
MAX_BACKOFF = 15.0


class StaffLineError(RuntimeError):
    pass


class TransientError(StaffLineError):
    """A failure worth retrying (network, truncated body, 5xx, 429)."""

    def __init__(self, message: str, wait: float | None = None):
        super().__init__(message)
        self.wait = wait


def _parse_http_date(value: str) -> float | None:
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if parsed is None:
        return None
    if parsed.tzinfo is None:  # HTTP dates are GMT
        import datetime as _dt
        parsed = parsed.replace(tzinfo=_dt.timezone.utc)
    return parsed.timestamp()


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """How long StaffLine asked us to wait, in seconds, or None if it did not say.

    `value` is either delta-seconds ("7") or an HTTP date ("Mon, 02 Mar 2026 09:05:00 GMT").
    For a date, `now` is the sender's idea of the current time (epoch seconds) — use the `Date`
    header of the same response, because StaffLine's clock is not ours."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    when = _parse_http_date(value)
    if when is None:
        return None
    if now is None:
        now = time.time()
    return max(0.0, when - now)


def _log(msg: str) -> None:
    print(f"staffline: {msg}", file=sys.stderr, flush=True)


class StaffLine:
    def __init__(self, base_url: str | None = None, key: str | None = None, secret: str | None = None,
                 max_attempts: int = 12):
        self.base = (base_url or os.environ["STAFFLINE_BASE_URL"]).rstrip("/")
        self.key = key or os.environ["STAFFLINE_API_KEY"]
        self.secret = secret or os.environ["STAFFLINE_API_SECRET"]
        self.session = requests.Session()
        self.max_attempts = max_attempts
        self.offset: float | None = None  # StaffLine clock minus ours, in seconds
        self._not_before = 0.0  # monotonic time before which we must not send anything
        self.requests_sent = 0

    # ---------------------------------------------------------------- clock
    def server_now(self) -> float:
        return time.time() + (self.offset or 0.0)

    def _learn_clock(self, resp: requests.Response, force: bool = False) -> None:
        date = resp.headers.get("Date")
        if not date:
            return
        server = _parse_http_date(date)
        if server is None:
            return
        # Date has one-second resolution; the true server time is in [server, server + 1).
        offset = server + 0.5 - time.time()
        if force or self.offset is None:
            self.offset = offset

    def calibrate(self) -> None:
        """Measure StaffLine's clock once, before the first signed request counts."""
        if self.offset is None:
            self.get("/v1/placements?start=0&count=1")

    # ---------------------------------------------------------------- signing
    def sign(self, method: str, target: str, body: bytes = b"") -> dict[str, str]:
        ts = str(int(self.server_now()))
        body_hash = hashlib.sha256(body).hexdigest() if body else EMPTY_SHA256
        canonical = "\n".join([ts, method.upper(), target, body_hash])
        signature = hmac.new(self.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        return {"X-SL-Key": self.key, "X-SL-Timestamp": ts, "X-SL-Signature": signature,
                "Accept": "application/json"}

    # ---------------------------------------------------------------- pacing
    def _wait_turn(self) -> None:
        delay = self._not_before - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    def _hold(self, seconds: float) -> None:
        """Send nothing for `seconds` from now."""
        self._not_before = max(self._not_before, time.monotonic() + seconds)

    def _note_rate_limit(self, resp: requests.Response) -> None:
        remaining = resp.headers.get("X-RateLimit-Remaining")
        reset = resp.headers.get("X-RateLimit-Reset")
        try:
            if remaining is not None and int(float(remaining)) <= 0 and reset is not None:
                self._hold(min(max(float(reset), 0.0), 120.0) + 0.2)
        except ValueError:
            pass

    def _retry_after(self, resp: requests.Response) -> float | None:
        value = resp.headers.get("Retry-After")
        if value is None:
            return None
        now = None
        stripped = value.strip()
        if stripped and not stripped.replace(".", "", 1).isdigit():
            # an HTTP date: measure it against the clock of whoever sent it
            sent = _parse_http_date(resp.headers.get("Date", "")) if resp.headers.get("Date") else None
            now = sent if sent is not None else self.server_now()
        return retry_after_seconds(value, now)

    # ---------------------------------------------------------------- requests
    def _attempt(self, target: str) -> dict:
        self._wait_turn()
        self.requests_sent += 1
        try:
            resp = self.session.get(self.base + target, headers=self.sign("GET", target), timeout=(10, 45))
            body = resp.content  # read it all now: a cut-off body raises here
        except requests.RequestException as exc:
            raise TransientError(f"GET {target}: {type(exc).__name__}: {exc}") from exc

        self._learn_clock(resp)
        self._note_rate_limit(resp)
        wait = self._retry_after(resp)
        if wait is not None:
            # whoever answered asked us to keep away for a while, whatever the status
            self._hold(wait + 0.25)

        status = resp.status_code
        if status == 200:
            expected = resp.headers.get("Content-Length")
            if expected is not None and expected.isdigit() and int(expected) != len(body):
                raise TransientError(f"GET {target}: body cut short ({len(body)} of {expected} bytes)")
            try:
                doc = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as exc:
                raise TransientError(f"GET {target}: unreadable body ({exc})") from exc
            if not isinstance(doc, dict):
                raise TransientError(f"GET {target}: unexpected body")
            return doc

        code = ""
        try:
            code = (json.loads(body.decode("utf-8")).get("error") or {}).get("code", "")
        except (UnicodeDecodeError, ValueError, AttributeError):
            pass
        if status == 401 and code in ("signature_expired", "invalid_timestamp"):
            self._learn_clock(resp, force=True)
            raise TransientError(f"GET {target}: {status} {code}; re-synced clock", wait=0.0)
        if status in RETRYABLE_STATUS or status >= 500:
            raise TransientError(f"GET {target}: {status} {code}", wait=wait)
        raise StaffLineError(f"GET {target}: {status} {body[:300]!r}")

    def get(self, target: str, validate=None) -> dict:
        """GET `target` (path and query, e.g. /v1/placements?start=0&count=200) and decode it.

        `validate(doc)` may raise TransientError to reject a response that looks incomplete.
        Only this request is retried; callers keep their place."""
        backoff = 0.5
        last: Exception | None = None
        for attempt in range(1, self.max_attempts + 1):
            try:
                doc = self._attempt(target)
                if validate is not None:
                    validate(doc)
                return doc
            except TransientError as exc:
                last = exc
                if attempt == self.max_attempts:
                    break
                if exc.wait is not None and exc.wait == 0.0 and "re-synced" in str(exc):
                    pause = 0.2
                else:
                    pause = backoff * (0.75 + random.random() * 0.5)
                    backoff = min(backoff * 2, MAX_BACKOFF)
                _log(f"{exc} (attempt {attempt}/{self.max_attempts}); retrying")
                # Retry-After (if any) is already in _not_before; backoff keeps us out of a tight loop
                self._hold(pause)
        raise StaffLineError(f"GET {target}: giving up after {self.max_attempts} attempts: {last}")
