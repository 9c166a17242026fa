# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Placemint API client: Bearer key, offset/limit walks, retries that are safe for writes
(every POST carries an Idempotency-Key chosen by the caller and reused on each retry)."""
from __future__ import annotations

import time
from typing import Iterator

import requests

from conn.config import Settings

RETRYABLE = {429, 500, 502, 503, 504}


class PlacemintError(RuntimeError):
    def __init__(self, response: requests.Response):
        self.response = response
        try:
            err = response.json().get("error", {})
        except ValueError:
            err = {}
        self.status = response.status_code
        self.code = err.get("code")
        super().__init__(f"{response.request.method} {response.url}: {response.status_code} {err or response.text[:200]}")


class Placemint:
    def __init__(self, settings: Settings, timeout: float = 30, attempts: int = 8):
        self.base = settings.base_url
        self.timeout = timeout
        self.attempts = attempts
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {settings.api_key}",
                                     "Accept": "application/json"})

    def _send(self, method: str, path: str, *, params: dict | None = None, body: dict | None = None,
              idempotency_key: str | None = None) -> requests.Response:
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
        delay = 0.5
        for attempt in range(1, self.attempts + 1):
            try:
                resp = self.session.request(method, self.base + path, params=params, json=body,
                                            headers=headers, timeout=self.timeout)
            except (requests.ConnectionError, requests.Timeout) as exc:
                # The request may or may not have been carried out: retry with the same key.
                if attempt == self.attempts:
                    raise
                print(f"  {method} {path}: {type(exc).__name__}, retrying", flush=True)
                time.sleep(delay)
                delay = min(delay * 2, 8)
                continue
            if resp.status_code in RETRYABLE and attempt < self.attempts:
                wait = resp.headers.get("Retry-After")
                time.sleep(float(wait) if wait and wait.isdigit() else delay)
                delay = min(delay * 2, 8)
                continue
            return resp
        raise AssertionError("unreachable")

    def get(self, path: str, params: dict | None = None) -> dict:
        resp = self._send("GET", path, params=params)
        if resp.status_code >= 400:
            raise PlacemintError(resp)
        return resp.json()

    def post(self, path: str, body: dict, idempotency_key: str) -> dict:
        resp = self._send("POST", path, body=body, idempotency_key=idempotency_key)
        if resp.status_code >= 400:
            raise PlacemintError(resp)
        return resp.json()

    def list_all(self, path: str, params: dict | None = None, limit: int = 100) -> Iterator[dict]:
        offset = 0
        while True:
            page = self.get(path, {**(params or {}), "offset": offset, "limit": limit})
            yield from page["data"]
            offset += len(page["data"])
            if not page["data"] or offset >= page["total"]:
                return
