# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Quarry client. Quarry is RPC-style: every method is a POST to /<object>.<verb> with
a JSON body (docs: QUARRY_DOCS_URL); list methods page with `cursor` / `nextCursor`.

Quarry answers almost every failure with HTTP 200 and `success: false`, so every answer is
checked: a failed call raises QuarryError and is never read as a page. Transient failures
(`internal_error`, the enveloped throttle, a 5xx, no answer) are retried with the same body;
after `attempts` tries the call gives up and raises."""
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
    def __init__(self, base_url: str, api_key: str, timeout: float = 30.0, attempts: int = 5):
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.auth = (api_key, "")
        self.timeout = timeout
        self.attempts = attempts

    def call(self, method: str, body: dict) -> dict:
        delay, last = 0.5, {"code": "gave_up", "message": "no answer"}
        for attempt in range(1, self.attempts + 1):
            if attempt > 1:
                time.sleep(delay)
                delay = min(delay * 2, 8.0)
            try:
                r = self.http.post(f"{self.base}/{method}", json=body, timeout=self.timeout)
            except requests.RequestException as exc:
                last = {"code": "transport", "message": str(exc)}
                continue
            if r.status_code >= 500:
                last = {"code": f"http_{r.status_code}", "message": r.text[:200]}
                continue
            try:
                data = r.json()
            except ValueError:
                last = {"code": "bad_answer", "message": r.text[:200]}
                continue
            if r.status_code == 200 and isinstance(data, dict) and data.get("success") is True:
                return data
            info = (data.get("errorInfo") if isinstance(data, dict) else None) or {"code": f"http_{r.status_code}"}
            if info.get("code") == "rate_limit_exceeded":
                last = info
                time.sleep(float(info.get("retryAfterSeconds") or 1))
                delay = 0.5
                continue
            if info.get("code") == "internal_error":
                last = info
                continue
            raise QuarryError(method, info)
        raise QuarryError(method, {**last, "message": f"gave up after {self.attempts} attempts: "
                                   f"{last.get('code')}"})

    def pages(self, method: str, body: dict | None = None, limit: int = 25) -> Iterator[dict]:
        """Every page of one list walk; a page that cannot be had raises QuarryError."""
        cursor = None
        while True:
            req = dict(body or {}, limit=limit)
            if cursor:
                req["cursor"] = cursor
            page = self.call(method, req)
            yield page
            if not page.get("moreDataAvailable"):
                return
            cursor = page["nextCursor"]
