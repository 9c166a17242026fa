# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Pipelane v1: Basic auth (key as user name), offset-token pages, perform_as on every write.

Pipelane has no idempotency keys: a write whose answer never came may have happened, so the
caller looks the record up before sending it again."""
from __future__ import annotations

import time

import requests

TIMEOUT = (5, 20)


class Ambiguous(RuntimeError):
    """A write whose answer was lost: it may or may not have happened."""


class Pipelane:
    def __init__(self, base: str, key: str, user: str):
        self.base, self.user = base, user
        self.http = requests.Session()
        self.http.auth = (key, "")

    def _send(self, method: str, path: str, **kw) -> requests.Response:
        for attempt in range(8):
            if attempt:
                time.sleep(min(0.5 * 2 ** attempt, 8))
            try:
                r = self.http.request(method, self.base + path, timeout=TIMEOUT, **kw)
            except requests.RequestException as exc:
                if method != "GET":
                    raise Ambiguous(f"{method} {path}: {exc}") from exc
                continue
            if r.status_code in (429, 503):
                time.sleep(float(r.headers.get("Retry-After") or 1))
                continue
            if r.status_code >= 500:
                if method != "GET":
                    raise Ambiguous(f"{method} {path}: HTTP {r.status_code}")
                continue
            return r
        raise RuntimeError(f"pipelane {method} {path}: gave up")

    def get(self, path: str, params: dict | None = None) -> dict:
        r = self._send("GET", path, params=params)
        r.raise_for_status()
        return r.json()

    def walk(self, path: str, params: dict | None = None) -> list[dict]:
        out: list[dict] = []
        params = dict(params or {}, limit=100)
        while True:
            page = self.get(path, params)
            out += page.get("data") or []
            if not page.get("hasNext"):
                return out
            params["offset"] = page["next"]

    def write(self, method: str, path: str, body: dict) -> dict:
        r = self._send(method, path, params={"perform_as": self.user}, json=body)
        if r.status_code not in (200, 201):
            raise RuntimeError(f"pipelane {method} {path}: HTTP {r.status_code} {r.text[:300]}")
        return r.json().get("data") or {}
