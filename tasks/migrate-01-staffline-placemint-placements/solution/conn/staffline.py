# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""StaffLine API access: signed GET requests (read-only), paging, retries, and StaffLine's own
clock (from the Date header of its answers)."""
from __future__ import annotations

import hashlib
import hmac
import os
import time
from email.utils import parsedate_to_datetime

import requests


class StaffLineError(RuntimeError):
    pass


def retry_after_seconds(value: str | None, default: float) -> float:
    if not value:
        return default
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError, IndexError, AttributeError):
        return default


class StaffLine:
    def __init__(self) -> None:
        self.base = os.environ["STAFFLINE_BASE_URL"].rstrip("/")
        self.key = os.environ["STAFFLINE_API_KEY"]
        self.secret = os.environ["STAFFLINE_API_SECRET"]
        self.session = requests.Session()
        self.offset = 0.0  # StaffLine's clock minus ours
        self.last_date: float | None = None  # StaffLine's time at the last answer (epoch s)

    def _headers(self, method: str, target: str, body: bytes = b"") -> dict[str, str]:
        ts = str(int(time.time() + self.offset))
        canonical = "\n".join([ts, method, target, hashlib.sha256(body).hexdigest()])
        sig = hmac.new(self.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        return {"X-SL-Key": self.key, "X-SL-Timestamp": ts, "X-SL-Signature": sig, "Accept": "application/json"}

    def _note_date(self, resp: requests.Response) -> None:
        date = resp.headers.get("Date")
        if date:
            try:
                self.last_date = parsedate_to_datetime(date).timestamp()
            except (TypeError, ValueError):
                pass

    def get(self, target: str, attempts: int = 8) -> dict:
        backoff = 0.5
        for attempt in range(attempts):
            try:
                resp = self.session.get(self.base + target, headers=self._headers("GET", target), timeout=30)
                if resp.status_code == 200:
                    self._note_date(resp)
                    return resp.json()
            except (requests.RequestException, ValueError):
                time.sleep(backoff)
                backoff = min(backoff * 2, 8)
                continue
            if resp.status_code == 401 and "signature_expired" in resp.text and resp.headers.get("Date"):
                self.offset = parsedate_to_datetime(resp.headers["Date"]).timestamp() - time.time()
                continue
            if resp.status_code == 429 or resp.status_code >= 500:
                time.sleep(retry_after_seconds(resp.headers.get("Retry-After"), backoff) + 0.05)
                backoff = min(backoff * 2, 8)
                continue
            raise StaffLineError(f"GET {target}: {resp.status_code} {resp.text[:300]}")
        raise StaffLineError(f"GET {target}: gave up after {attempts} attempts")

    def list_all(self, path: str, **params) -> list[dict]:
        """Every record of a list endpoint, walking `start`/`count`."""
        out: dict[int, dict] = {}
        start = 0
        while True:
            query = "&".join([f"{k}={v}" for k, v in params.items()] + [f"start={start}", "count=200"])
            page = self.get(f"{path}?{query}")
            for row in page["data"]:
                out[row["id"]] = row
            start += len(page["data"])
            if not page["data"] or start >= page["total"]:
                return list(out.values())

    def server_time(self) -> int:
        """StaffLine's current time in epoch seconds (its clock, not ours)."""
        self.get("/v1/jobs?start=0&count=1")
        return int(self.last_date if self.last_date is not None else time.time() + self.offset)
