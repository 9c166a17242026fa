# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small StaffLine API client: signed GET requests with retries."""
from __future__ import annotations

import hashlib
import hmac
import os
import time

import requests

EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()


class StaffLineError(RuntimeError):
    pass


def retry_after_seconds(value: str | None, default: float = 1.0) -> float:
    """How long StaffLine asked us to wait."""
    try:
        return float(int(value))
    except (TypeError, ValueError):
        return default


class StaffLine:
    def __init__(self, base_url: str | None = None, key: str | None = None, secret: str | None = None):
        self.base = (base_url or os.environ["STAFFLINE_BASE_URL"]).rstrip("/")
        self.key = key or os.environ["STAFFLINE_API_KEY"]
        self.secret = secret or os.environ["STAFFLINE_API_SECRET"]
        self.session = requests.Session()

    def sign(self, method: str, target: str, body: bytes = b"") -> dict[str, str]:
        ts = str(int(time.time()))
        body_hash = hashlib.sha256(body).hexdigest() if body else EMPTY_SHA256
        canonical = "\n".join([ts, method.upper(), target, body_hash])
        signature = hmac.new(self.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        return {"X-SL-Key": self.key, "X-SL-Timestamp": ts, "X-SL-Signature": signature,
                "Accept": "application/json"}

    def get(self, target: str, attempts: int = 6) -> dict:
        """GET `target` (path and query, e.g. /v1/placements?start=0&count=200) and decode it.
        Busy answers (429, 503) are retried after the wait StaffLine asks for."""
        for _ in range(attempts):
            resp = self.session.get(self.base + target, headers=self.sign("GET", target), timeout=30)
            if resp.status_code in (429, 503):
                time.sleep(retry_after_seconds(resp.headers.get("Retry-After")))
                continue
            if resp.status_code != 200:
                raise StaffLineError(f"GET {target}: {resp.status_code} {resp.text[:200]}")
            return resp.json()
        raise StaffLineError(f"GET {target}: still busy after {attempts} attempts")
