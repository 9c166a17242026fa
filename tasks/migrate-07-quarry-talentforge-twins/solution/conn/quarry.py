# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Quarry API access: every call is a POST to /<object>.<verb> with a JSON body, the API key as
the Basic-auth user. Quarry answers failures as HTTP 200 with success:false: those are raised
(or retried when Quarry says they are transient), never read as an empty page."""
from __future__ import annotations

import time

import requests

RETRYABLE = {"internal_error", "rate_limit_exceeded", "service_unavailable"}


class QuarryError(RuntimeError):
    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.code = code


class Quarry:
    def __init__(self, base_url: str, api_key: str):
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.auth = (api_key, "")

    def call(self, method: str, body: dict | None = None) -> dict:
        delay = 0.5
        for _ in range(8):
            try:
                r = self.http.post(f"{self.base}/{method}", json=body or {}, timeout=30)
            except requests.RequestException:
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            if r.status_code >= 500:
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            data = r.json()
            if data.get("success") is True:
                return data
            info = data.get("errorInfo") or {}
            if info.get("code") in RETRYABLE:
                time.sleep(float(info.get("retryAfterSeconds") or delay))
                delay = min(delay * 2, 8)
                continue
            raise QuarryError(f"{method}: {info.get('code')} {info.get('message')}", info.get("code"))
        raise QuarryError(f"{method}: gave up")

    def walk(self, method: str, body: dict | None = None) -> list[dict]:
        return self.walk_since(method, body)[0]

    def walk_since(self, method: str, body: dict | None = None,
                   sync_token: str | None = None) -> tuple[list[dict], str | None]:
        """Every record of a list (or, with a sync token, those created or updated since the walk
        that issued it began) and the new sync token of the walk's last page."""
        out: list[dict] = []
        cursor = None
        while True:
            req = dict(body or {}, limit=100)
            if cursor:
                req["cursor"] = cursor
            elif sync_token:
                req["syncToken"] = sync_token
            page = self.call(method, req)
            out.extend(page.get("results") or [])
            if not page.get("moreDataAvailable"):
                return out, page.get("syncToken")
            cursor = page["nextCursor"]
