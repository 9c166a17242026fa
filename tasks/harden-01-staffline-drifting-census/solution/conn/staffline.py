# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small StaffLine API client: signed GET requests. Transient failures are raised as
`Transient` carrying how long to wait, so the caller retries the same request."""
from __future__ import annotations

import hashlib
import hmac
import os
import time
from email.utils import parsedate_to_datetime

import requests

EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()


class StaffLineError(RuntimeError):
    pass


class Transient(Exception):
    """A failure worth retrying after `wait_s` seconds (busy, throttled, dropped, cut)."""

    def __init__(self, message: str, wait_s: float):
        super().__init__(message)
        self.wait_s = wait_s


def retry_after_seconds(value: str | None, default: float = 1.0) -> float:
    """Retry-After is either delta-seconds or an HTTP-date; both are honoured."""
    if value is None or not value.strip():
        return default
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return default
    if when is None:
        return default
    return max(0.0, when.timestamp() - time.time())


class StaffLine:
    def __init__(self, base_url: str | None = None, key: str | None = None, secret: str | None = None):
        self.base = (base_url or os.environ["STAFFLINE_BASE_URL"]).rstrip("/")
        self.key = key or os.environ["STAFFLINE_API_KEY"]
        self.secret = secret or os.environ["STAFFLINE_API_SECRET"]
        self.session = requests.Session()
        self.clock_offset = 0.0  # StaffLine's clock minus ours, learned from a signature_expired

    def sign(self, method: str, target: str, body: bytes = b"") -> dict[str, str]:
        ts = str(int(time.time() + self.clock_offset))
        body_hash = hashlib.sha256(body).hexdigest() if body else EMPTY_SHA256
        canonical = "\n".join([ts, method.upper(), target, body_hash])
        signature = hmac.new(self.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        return {"X-SL-Key": self.key, "X-SL-Timestamp": ts, "X-SL-Signature": signature,
                "Accept": "application/json"}

    def get_once(self, target: str) -> dict:
        """One attempt; raises Transient for anything worth retrying."""
        try:
            resp = self.session.get(self.base + target, headers=self.sign("GET", target), timeout=30)
            if resp.status_code == 200:
                return resp.json()
        except (requests.RequestException, ValueError) as exc:  # reset, cut body, broken JSON
            raise Transient(f"GET {target}: {type(exc).__name__}", 0.5) from None
        if resp.status_code == 429 or resp.status_code >= 500:
            raise Transient(f"GET {target}: {resp.status_code}",
                            retry_after_seconds(resp.headers.get("Retry-After")))
        if resp.status_code == 401 and "signature_expired" in resp.text and resp.headers.get("Date"):
            self.clock_offset = parsedate_to_datetime(resp.headers["Date"]).timestamp() - time.time()
            raise Transient(f"GET {target}: clock re-synced", 0.0)
        raise StaffLineError(f"GET {target}: {resp.status_code} {resp.text[:200]}")

    def get(self, target: str, attempts: int = 10) -> dict:
        """GET with retries of the same request (never more than `attempts`)."""
        backoff = 0.5
        for attempt in range(attempts):
            try:
                return self.get_once(target)
            except Transient as exc:
                if attempt == attempts - 1:
                    raise StaffLineError(f"{exc} (gave up after {attempts} attempts)") from None
                wait = exc.wait_s if exc.wait_s > 0.5 else backoff
                backoff = min(backoff * 2, 8.0)
                time.sleep(wait + 0.1)
        raise AssertionError("unreachable")
