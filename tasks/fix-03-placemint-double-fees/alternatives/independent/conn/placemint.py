# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Placemint API client: Bearer key, offset/limit walks, and retries on network errors and
busy answers.

Every POST carries an Idempotency-Key chosen by the caller for the *operation* (e.g. the
placement and week of a fee) and reused, unchanged, on every retry of it: a retried POST whose
first answer was lost is then replayed by Placemint instead of being carried out again."""
from __future__ import annotations

import random
import time
from typing import Callable, Iterator, TypeVar

import requests

from conn.config import Settings

T = TypeVar("T")
RETRY_STATUSES = {429, 500, 502, 503, 504}


class PlacemintError(RuntimeError):
    def __init__(self, response: requests.Response):
        self.response = response
        self.status = response.status_code
        try:
            err = response.json().get("error", {}) or {}
        except ValueError:
            err = {}
        self.code = err.get("code")
        super().__init__(f"{response.request.method} {response.url}: {response.status_code} {err or response.text[:200]}")


class Retry(Exception):
    def __init__(self, wait: float | None, why: str = ""):
        super().__init__(why)
        self.wait = wait


def _parse_retry_after(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def with_retries(call: Callable[[], T], attempts: int = 8) -> T:
    """Run `call`, retrying network errors and 429/5xx answers with a growing pause (or the
    server's Retry-After)."""
    delay = 0.5
    for attempt in range(1, attempts + 1):
        try:
            return call()
        except (requests.RequestException, Retry) as exc:
            if attempt == attempts:
                raise
            wait = exc.wait if isinstance(exc, Retry) and exc.wait is not None else delay
            print(f"  retrying after {type(exc).__name__} {exc} (attempt {attempt})", flush=True)
            time.sleep(wait + random.uniform(0, 0.2))
            delay = min(delay * 2, 16)
    raise AssertionError("unreachable")


class Placemint:
    def __init__(self, settings: Settings, timeout: tuple[float, float] = (10, 60)):
        self.base = settings.base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {settings.api_key}",
                                     "Accept": "application/json"})

    def _check(self, resp: requests.Response) -> dict:
        if resp.status_code in RETRY_STATUSES:
            raise Retry(_parse_retry_after(resp.headers.get("Retry-After")), f"HTTP {resp.status_code}")
        if resp.status_code >= 400:
            raise PlacemintError(resp)
        return resp.json()

    def get(self, path: str, params: dict | None = None) -> dict:
        return with_retries(lambda: self._check(
            self.session.get(self.base + path, params=params, timeout=self.timeout)))

    def post(self, path: str, body: dict, idempotency_key: str) -> dict:
        """POST `body` with an operation key; every retry reuses the same key and body."""
        if not idempotency_key:
            raise ValueError("an Idempotency-Key is required for every POST")
        headers = {"Idempotency-Key": idempotency_key}
        return with_retries(lambda: self._check(
            self.session.post(self.base + path, json=body, headers=headers, timeout=self.timeout)))

    def list_all(self, path: str, params: dict | None = None, limit: int = 100) -> Iterator[dict]:
        offset = 0
        while True:
            page = self.get(path, {**(params or {}), "offset": offset, "limit": limit})
            yield from page["data"]
            offset += len(page["data"])
            if not page["data"] or offset >= page["total"]:
                return
