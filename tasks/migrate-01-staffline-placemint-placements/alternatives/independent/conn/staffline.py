# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""StaffLine API access: signed GET requests and paging. READ-ONLY — this module never sends
anything but GET.

- Requests are signed with StaffLine's clock (measured from the `Date` header), not ours.
- Transient failures (dropped connections, bodies cut short, timeouts, 5xx, 429) are retried
  in place with exponential backoff; `Retry-After` (seconds or HTTP date) is honoured.
- Lists are walked with overlapping pages so records shifted by concurrent deletions are not
  skipped.
"""
from __future__ import annotations

import datetime as _dt
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
PAGE_SIZE = 200


class StaffLineError(RuntimeError):
    pass


class TransientError(StaffLineError):
    def __init__(self, message: str, wait: float | None = None, resync: bool = False):
        super().__init__(message)
        self.wait = wait
        self.resync = resync


def _log(msg: str) -> None:
    print(f"staffline: {msg}", file=sys.stderr, flush=True)


def _parse_http_date(value: str | None) -> float | None:
    if not value:
        return None
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if parsed is None:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=_dt.timezone.utc)
    return parsed.timestamp()


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait for a Retry-After of delta-seconds or an HTTP date (measured against
    `now`, the sender's clock), or None when there is none."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    when = _parse_http_date(value)
    if when is None:
        return None
    return max(0.0, when - (time.time() if now is None else now))


class StaffLine:
    def __init__(self, max_attempts: int = 12) -> None:
        self.base = os.environ["STAFFLINE_BASE_URL"].rstrip("/")
        self.key = os.environ["STAFFLINE_API_KEY"]
        self.secret = os.environ["STAFFLINE_API_SECRET"]
        self.session = requests.Session()
        self.max_attempts = max_attempts
        self.offset: float | None = None  # StaffLine's clock minus ours
        self._not_before = 0.0

    # clock ------------------------------------------------------------------------------
    def server_now(self) -> float:
        return time.time() + (self.offset or 0.0)

    def _learn_clock(self, resp: requests.Response, force: bool = False) -> None:
        server = _parse_http_date(resp.headers.get("Date"))
        if server is not None and (force or self.offset is None):
            self.offset = server + 0.5 - time.time()

    def _headers(self, method: str, target: str, body: bytes = b"") -> dict[str, str]:
        ts = str(int(self.server_now()))
        canonical = "\n".join([ts, method, target, hashlib.sha256(body).hexdigest()])
        sig = hmac.new(self.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        return {"X-SL-Key": self.key, "X-SL-Timestamp": ts, "X-SL-Signature": sig, "Accept": "application/json"}

    # pacing -----------------------------------------------------------------------------
    def _hold(self, seconds: float) -> None:
        self._not_before = max(self._not_before, time.monotonic() + seconds)

    def _wait_turn(self) -> None:
        delay = self._not_before - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    # requests ---------------------------------------------------------------------------
    def _attempt(self, target: str) -> dict:
        self._wait_turn()
        try:
            resp = self.session.get(self.base + target, headers=self._headers("GET", target), timeout=(10, 45))
            body = resp.content
        except requests.RequestException as exc:
            raise TransientError(f"GET {target}: {type(exc).__name__}: {exc}") from exc
        self._learn_clock(resp)
        try:
            if int(resp.headers.get("X-RateLimit-Remaining", "1")) <= 0:
                self._hold(min(float(resp.headers.get("X-RateLimit-Reset", "1")), 120.0) + 0.2)
        except ValueError:
            pass
        ra = resp.headers.get("Retry-After")
        wait = None
        if ra is not None:
            sender_now = _parse_http_date(resp.headers.get("Date"))
            wait = retry_after_seconds(ra, sender_now if sender_now is not None else self.server_now())
            if wait is not None:
                self._hold(wait + 0.25)
        if resp.status_code == 200:
            cl = resp.headers.get("Content-Length")
            if cl and cl.isdigit() and int(cl) != len(body):
                raise TransientError(f"GET {target}: body cut short")
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
        if resp.status_code == 401 and code in ("signature_expired", "invalid_timestamp"):
            self._learn_clock(resp, force=True)
            raise TransientError(f"GET {target}: 401 {code}; re-synced clock", resync=True)
        if resp.status_code in RETRYABLE_STATUS or resp.status_code >= 500:
            raise TransientError(f"GET {target}: {resp.status_code} {code}", wait=wait)
        raise StaffLineError(f"GET {target}: {resp.status_code} {body[:300]!r}")

    def get_json(self, target: str, validate=None) -> dict:
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
                if exc.resync:
                    pause = 0.1
                else:
                    pause = backoff * (0.75 + random.random() * 0.5)
                    backoff = min(backoff * 2, 15.0)
                _log(f"{exc} (attempt {attempt}); retrying")
                self._hold(pause)
        raise StaffLineError(f"GET {target}: giving up: {last}")

    def get(self, target: str) -> dict:
        return self.get_json(target)

    # lists ------------------------------------------------------------------------------
    @staticmethod
    def _validator(start: int, count: int):
        def validate(doc: dict) -> None:
            data, total = doc.get("data"), doc.get("total")
            if not isinstance(data, list) or not isinstance(total, int):
                raise TransientError("page without data/total")
            if "count" in doc and doc["count"] != len(data):
                raise TransientError("page count does not match its data")
            if len(data) != max(0, min(count, total - start)):
                raise TransientError(f"short page at start={start}")
        return validate

    def list_all(self, path: str, **params) -> list[dict]:
        """Every record of an id-ordered list endpoint (`/v1/placements`, `/v1/jobs`, ...).

        Pages overlap by one record; if a page no longer begins with the last id we saw,
        records before our position were deleted and we step back rather than skip."""
        extra = "".join(f"&{k}={v}" for k, v in params.items())
        seen: dict[int, dict] = {}
        last_id: int | None = None
        start = 0
        while True:
            target = f"{path}?start={start}&count={PAGE_SIZE}{extra}"
            doc = self.get_json(target, validate=self._validator(start, PAGE_SIZE))
            data, total = doc["data"], doc["total"]
            if last_id is not None and start > 0 and (not data or data[0]["id"] > last_id):
                start = max(0, min(start, total) - (PAGE_SIZE - 1))
                continue
            for rec in data:
                if last_id is None or rec["id"] > last_id or rec["id"] in seen:
                    seen[rec["id"]] = rec
            if data:
                last_id = max(last_id if last_id is not None else data[-1]["id"], data[-1]["id"])
            end = start + len(data)
            if not data or end >= total:
                return [seen[k] for k in sorted(seen)]
            start = end - 1
