# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Placemint API access: Bearer key, client-side pacing under the documented token bucket
(25 burst, 10/s), Retry-After on 429, and creates that are safe to retry (one Idempotency-Key
per operation, reused on every attempt)."""
from __future__ import annotations

import hashlib
import json
import os
import time

import requests


class PlacemintError(RuntimeError):
    pass


class Placemint:
    RATE_PER_S = 8.0
    BURST = 20.0

    def __init__(self) -> None:
        self.base = os.environ["PLACEMINT_BASE_URL"].rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {os.environ['PLACEMINT_API_KEY']}"
        self.tokens = self.BURST
        self.last = time.monotonic()

    def _pace(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.BURST, self.tokens + (now - self.last) * self.RATE_PER_S)
        self.last = now
        if self.tokens < 1:
            time.sleep((1 - self.tokens) / self.RATE_PER_S)
            self.tokens = 1
            self.last = time.monotonic()
        self.tokens -= 1

    def request(self, method: str, path: str, body: dict | None = None, idempotency_key: str | None = None,
                attempts: int = 8) -> dict:
        data = None if body is None else json.dumps(body, sort_keys=True).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        backoff = 0.5
        for _ in range(attempts):
            self._pace()
            try:
                resp = self.session.request(method, self.base + path, data=data, headers=headers, timeout=30)
            except requests.RequestException:
                # the answer was lost: a POST is repeated only with the same Idempotency-Key
                if method == "POST" and not idempotency_key:
                    raise
                time.sleep(backoff)
                backoff = min(backoff * 2, 8)
                continue
            if resp.status_code == 429 or resp.status_code >= 500:
                wait = resp.headers.get("Retry-After")
                time.sleep((float(wait) if wait and wait.isdigit() else backoff) + 0.05)
                backoff = min(backoff * 2, 8)
                continue
            if resp.status_code >= 400:
                raise PlacemintError(f"{method} {path}: {resp.status_code} {resp.text[:300]}")
            return resp.json()
        raise PlacemintError(f"{method} {path}: gave up after {attempts} attempts")

    def list_all(self, path: str) -> list[dict]:
        out: list[dict] = []
        offset = 0
        while True:
            page = self.request("GET", f"{path}?offset={offset}&limit=100")
            out.extend(page["data"])
            offset += len(page["data"])
            if not page["has_more"] or not page["data"]:
                return out

    def create_placement(self, body: dict, operation: str) -> dict:
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]
        return self.request("POST", "/v1/placements", body, idempotency_key=f"{operation}-{digest}")

    def update_placement(self, pid: str, changes: dict) -> dict:
        return self.request("PATCH", f"/v1/placements/{pid}", changes)
