# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""StaffLine API client: signed requests (X-SL-Key, X-SL-Timestamp, X-SL-Signature) on
StaffLine's clock, learned from the Date header when a signature is judged expired."""
from __future__ import annotations

import hashlib
import hmac
import os
import time
from email.utils import parsedate_to_datetime

import requests


class ApiError(RuntimeError):
    pass


class StaffLine:
    def __init__(self) -> None:
        self.base = os.environ["STAFFLINE_BASE_URL"].rstrip("/")
        self.key = os.environ["STAFFLINE_API_KEY"]
        self.secret = os.environ["STAFFLINE_API_SECRET"]
        self.offset = 0.0  # StaffLine's clock minus ours
        self.session = requests.Session()

    def server_now(self) -> int:
        """StaffLine's current time, epoch seconds."""
        return int(time.time() + self.offset)

    def _sign(self, method: str, target: str, body: bytes, ts: str) -> str:
        canonical = "\n".join([ts, method, target, hashlib.sha256(body).hexdigest()])
        return hmac.new(self.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()

    def _learn_clock(self, resp: requests.Response) -> None:
        if resp.headers.get("Date"):
            self.offset = parsedate_to_datetime(resp.headers["Date"]).timestamp() - time.time()

    def get(self, target: str) -> dict:
        """GET a path-and-query (e.g. `/v1/candidates?start=0&count=200`) and return the JSON."""
        expired = 0
        for attempt in range(8):
            ts = str(self.server_now())
            headers = {"X-SL-Key": self.key, "X-SL-Timestamp": ts,
                       "X-SL-Signature": self._sign("GET", target, b"", ts), "Accept": "application/json"}
            try:
                resp = self.session.get(self.base + target, headers=headers, timeout=30)
            except requests.RequestException:
                time.sleep(min(2 ** attempt, 8))
                continue
            if resp.status_code == 401 and "signature_expired" in resp.text and expired < 2:
                expired += 1
                self._learn_clock(resp)
                continue
            if resp.status_code == 429 or resp.status_code >= 500:
                try:
                    time.sleep(float(resp.headers.get("Retry-After", "2")))
                except ValueError:
                    time.sleep(5)
                continue
            if resp.status_code != 200:
                raise ApiError(f"GET {target}: {resp.status_code} {resp.text[:200]}")
            return resp.json()
        raise ApiError(f"GET {target}: giving up")

    def walk(self, path: str, params: str = "", count: int = 200):
        """Every record of a list endpoint, page by page (`start`/`count`)."""
        start = 0
        while True:
            sep = "&" if params else ""
            page = self.get(f"{path}?{params}{sep}start={start}&count={count}")
            yield from page["data"]
            start += len(page["data"])
            if not page["data"] or start >= page["total"]:
                return
