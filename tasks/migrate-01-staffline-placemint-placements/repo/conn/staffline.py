# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""StaffLine API access, lifted from the old billing job: signed GET requests and paging.
(We only ever read from StaffLine.)"""
from __future__ import annotations

import hashlib
import hmac
import os
import time

import requests


class StaffLine:
    def __init__(self) -> None:
        self.base = os.environ["STAFFLINE_BASE_URL"].rstrip("/")
        self.key = os.environ["STAFFLINE_API_KEY"]
        self.secret = os.environ["STAFFLINE_API_SECRET"]
        self.session = requests.Session()

    def _headers(self, method: str, target: str, body: bytes = b"") -> dict[str, str]:
        ts = str(int(time.time()))
        canonical = "\n".join([ts, method, target, hashlib.sha256(body).hexdigest()])
        sig = hmac.new(self.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        return {"X-SL-Key": self.key, "X-SL-Timestamp": ts, "X-SL-Signature": sig, "Accept": "application/json"}

    def get(self, target: str) -> requests.Response:
        """One signed GET of `target` (path and query exactly as sent, e.g. /v1/jobs?start=0&count=200)."""
        return self.session.get(self.base + target, headers=self._headers("GET", target), timeout=30)

    def list_all(self, path: str, **params: str) -> list[dict]:
        """Every record of a list endpoint (`/v1/placements`, `/v1/jobs`, ...)."""
        out: list[dict] = []
        start = 0
        while True:
            query = "&".join([f"{k}={v}" for k, v in params.items()] + [f"start={start}", "count=200"])
            resp = self.get(f"{path}?{query}")
            resp.raise_for_status()
            page = resp.json()
            out.extend(page["data"])
            start += len(page["data"])
            if not page["data"] or start >= page["total"]:
                return out
