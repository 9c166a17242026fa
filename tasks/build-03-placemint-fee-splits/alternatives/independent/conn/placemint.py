# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A Placemint API client: Bearer key, retries (network errors, 429 with Retry-After, 5xx),
POSTs with a caller-chosen Idempotency-Key that is reused on every retry, and complete
offset/limit walks of lists."""
from __future__ import annotations

import random
import sys
import time
from typing import Iterator

import requests

from conn.config import Settings

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
        super().__init__(f"{response.request.method} {response.request.path_url}: "
                         f"{response.status_code} {err or response.text[:200]}")


class GaveUp(RuntimeError):
    """A request kept failing (network or 429/5xx) through every retry."""


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _retry_after(resp: requests.Response) -> float | None:
    value = resp.headers.get("Retry-After")
    if value is None:
        try:
            value = (resp.json().get("error") or {}).get("retry_after")
        except ValueError:
            value = None
    try:
        return max(0.0, float(value)) if value is not None else None
    except (TypeError, ValueError):
        return None


class Placemint:
    def __init__(self, settings: Settings, timeout: tuple[float, float] = (10, 60),
                 attempts: int = 10, max_delay: float = 30):
        self.base = settings.base_url
        self.timeout = timeout
        self.attempts = attempts
        self.max_delay = max_delay
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {settings.api_key}",
                                     "Accept": "application/json"})

    # -- transport -------------------------------------------------------------------------
    def _request(self, method: str, path: str, *, params: dict | None = None,
                 body: dict | None = None, idempotency_key: str | None = None) -> dict:
        headers = {}
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        delay = 0.5
        last = ""
        for attempt in range(1, self.attempts + 1):
            try:
                resp = self.session.request(method, self.base + path, params=params, json=body,
                                            headers=headers, timeout=self.timeout)
            except requests.RequestException as exc:
                # No answer: the request may or may not have been carried out. Retrying a POST
                # with the same Idempotency-Key is safe (Placemint replays the stored result).
                last = f"{type(exc).__name__}: {exc}"
                wait = delay
            else:
                if resp.status_code in RETRY_STATUSES:
                    last = f"HTTP {resp.status_code}"
                    wait = _retry_after(resp)
                    if wait is None:
                        wait = delay
                elif resp.status_code >= 400:
                    raise PlacemintError(resp)
                else:
                    try:
                        return resp.json()
                    except ValueError:
                        last = "unreadable response body"
                        wait = delay
            if attempt == self.attempts:
                break
            _log(f"  {method} {path}: {last}; retry {attempt} in {wait:.1f}s")
            time.sleep(wait + random.uniform(0, 0.2))
            delay = min(delay * 2, self.max_delay)
        raise GaveUp(f"{method} {path}: gave up after {self.attempts} attempts ({last})")

    def get(self, path: str, params: dict | None = None) -> dict:
        return self._request("GET", path, params=params)

    def post(self, path: str, body: dict, idempotency_key: str) -> dict:
        """POST with an operation key: the same key must be used for every retry of it."""
        return self._request("POST", path, body=body, idempotency_key=idempotency_key)

    def list_all(self, path: str, params: dict | None = None, limit: int = 100) -> Iterator[dict]:
        """Every item of a list, oldest first. Items are de-duplicated by id (a list can shift
        while it is read)."""
        offset = 0
        seen: set[str] = set()
        while True:
            page = self.get(path, {**(params or {}), "offset": offset, "limit": limit})
            data = page.get("data") or []
            for item in data:
                if item.get("id") in seen:
                    continue
                seen.add(item.get("id"))
                yield item
            offset += len(data)
            if not data or not page.get("has_more", offset < page.get("total", 0)):
                return
