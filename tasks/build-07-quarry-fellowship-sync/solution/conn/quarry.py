# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Quarry RPC client: every call is a POST with a JSON body, and every answer must be checked
for `success` — a failure (an expired sync token, a throttle, an internal error) arrives as
HTTP 200 with `success: false`, and is never an empty page."""
from __future__ import annotations

import time
from typing import Iterator

import requests


class QuarryError(RuntimeError):
    def __init__(self, method: str, info: dict):
        self.code = str(info.get("code") or "unknown")
        self.info = info
        super().__init__(f"{method}: {self.code}: {info.get('message', '')}")


class Quarry:
    def __init__(self, base_url: str, api_key: str, timeout: float = 30.0, attempts: int = 6):
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.auth = (api_key, "")
        self.timeout = timeout
        self.attempts = attempts
        self.calls = 0

    def call(self, method: str, body: dict) -> dict:
        """One RPC call; transient failures (5xx, no answer, internal_error, the throttle) are
        retried with the same body, anything else raises QuarryError."""
        delay = 0.5
        for attempt in range(1, self.attempts + 1):
            self.calls += 1
            try:
                r = self.http.post(f"{self.base}/{method}", json=body, timeout=self.timeout)
            except requests.RequestException:
                if attempt == self.attempts:
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            if r.status_code >= 500:
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            try:
                data = r.json()
            except ValueError:
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            if r.status_code == 200 and data.get("success") is True:
                return data
            info = data.get("errorInfo") or {"code": f"http_{r.status_code}"}
            code = info.get("code")
            if code == "rate_limit_exceeded" and attempt < self.attempts:
                time.sleep(float(info.get("retryAfterSeconds") or 1))
                continue
            if code == "internal_error" and attempt < self.attempts:
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            raise QuarryError(method, info)
        raise QuarryError(method, {"code": "gave_up", "message": f"{self.attempts} attempts"})

    def walk(self, method: str, sync_token: str | None = None, limit: int = 100) -> Iterator[list[dict] | str]:
        """The pages of one list walk (lists of records), then the walk's new sync token (a str).
        A failed page raises QuarryError: the walk is then incomplete."""
        cursor = None
        while True:
            body: dict = {"limit": limit}
            if cursor:
                body["cursor"] = cursor
            elif sync_token:
                body["syncToken"] = sync_token
            page = self.call(method, body)
            yield list(page.get("results") or [])
            if not page.get("moreDataAvailable"):
                yield page.get("syncToken") or ""
                return
            cursor = page["nextCursor"]
