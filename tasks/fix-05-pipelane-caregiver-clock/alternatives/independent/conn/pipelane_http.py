# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small httpx client for Pipelane: Basic auth, offset-token walks, 429/503 with Retry-After,
and Pipelane's own clock from the Date header."""
from __future__ import annotations

import time
from email.utils import parsedate_to_datetime

import httpx


class HttpError(Exception):
    def __init__(self, status: int, code: str, text: str):
        super().__init__(f"HTTP {status} {code}: {text}")
        self.status, self.code = status, code


class Client:
    def __init__(self, base_url: str, key: str):
        self.http = httpx.Client(base_url=base_url.rstrip("/"), auth=(key, ""), timeout=30.0)
        self._date_ms: int | None = None
        self._date_seen: float = 0.0

    def _call(self, method: str, path: str, params: dict | None = None, body: dict | None = None) -> dict:
        tries = 0
        while True:
            tries += 1
            r = self.http.request(method, path, params=params, json=body)
            if r.headers.get("date"):
                self._date_ms = int(parsedate_to_datetime(r.headers["date"]).timestamp() * 1000)
                self._date_seen = time.monotonic()
            if r.status_code in (429, 503) and tries <= 8:
                time.sleep(max(float(r.headers.get("retry-after", "1") or 1), 0.1))
                continue
            if r.status_code >= 400:
                try:
                    code = r.json().get("code", "")
                except ValueError:
                    code = ""
                raise HttpError(r.status_code, code, r.text[:200])
            return r.json()

    def walk(self, path: str, params: dict | None = None) -> list[dict]:
        query = dict(params or {})
        query["limit"] = 100
        items: list[dict] = []
        while True:
            page = self._call("GET", path, query)
            items.extend(page.get("data") or [])
            if not page.get("hasNext"):
                return items
            query["offset"] = page["next"]  # httpx percent-encodes + / =

    def post(self, path: str, body: dict, params: dict) -> dict:
        return self._call("POST", path, params, body)

    def server_now_ms(self) -> int:
        if self._date_ms is None:
            self._call("GET", "/v1/postings", {"limit": 1})
        return self._date_ms + int((time.monotonic() - self._date_seen) * 1000)
