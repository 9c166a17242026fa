# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Placemint API access (reference solution): Bearer key, pacing from the X-RateLimit headers
(an empty bucket waits for its reset), Retry-After on 429, and POSTs that are safe to retry (one
Idempotency-Key per operation, derived from what is written, reused on every attempt)."""
from __future__ import annotations

import hashlib
import json
import time

import requests


class PlacemintError(RuntimeError):
    def __init__(self, message: str, status: int | None = None, body: dict | None = None):
        super().__init__(message)
        self.status, self.body = status, body or {}


class Placemint:
    def __init__(self, base_url: str, api_key: str) -> None:
        self.base = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"
        self.wait_until = 0.0

    def _pace(self) -> None:
        delay = self.wait_until - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    def _note_budget(self, resp: requests.Response) -> None:
        remaining, reset = resp.headers.get("X-RateLimit-Remaining"), resp.headers.get("X-RateLimit-Reset")
        try:
            if remaining is not None and int(remaining) <= 1:
                self.wait_until = time.monotonic() + min(float(reset or 1), 0.5) + 0.05
        except ValueError:
            pass

    def request(self, method: str, path: str, body: dict | None = None, key: str | None = None,
                attempts: int = 8) -> dict:
        data = None if body is None else json.dumps(body, sort_keys=True).encode()
        headers = {"Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if key:
            headers["Idempotency-Key"] = key
        backoff = 0.5
        for _ in range(attempts):
            self._pace()
            try:
                resp = self.session.request(method, self.base + path, data=data, headers=headers, timeout=30)
            except requests.RequestException:
                if method == "POST" and not key:
                    raise
                time.sleep(backoff)
                backoff = min(backoff * 2, 8)
                continue
            self._note_budget(resp)
            if resp.status_code == 429 or resp.status_code >= 500:
                wait = resp.headers.get("Retry-After")
                time.sleep((float(wait) if wait and wait.strip().isdigit() else backoff) + 0.05)
                backoff = min(backoff * 2, 8)
                continue
            if resp.status_code >= 400:
                try:
                    err = resp.json()
                except ValueError:
                    err = {}
                raise PlacemintError(f"{method} {path}: {resp.status_code} {resp.text[:300]}", resp.status_code, err)
            return resp.json()
        raise PlacemintError(f"{method} {path}: gave up after {attempts} attempts")

    def list_all(self, path: str) -> list[dict]:
        out: list[dict] = []
        offset = 0
        sep = "&" if "?" in path else "?"
        while True:
            page = self.request("GET", f"{path}{sep}offset={offset}&limit=100")
            out.extend(page["data"])
            offset += len(page["data"])
            if not page.get("has_more") or not page["data"]:
                return out

    @staticmethod
    def key(operation: str, body: dict) -> str:
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]
        return f"{operation}-{digest}"
