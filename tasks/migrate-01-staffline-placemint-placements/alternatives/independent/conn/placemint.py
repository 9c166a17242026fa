# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Placemint API access: Bearer key, paced to the documented rate limit, retries that cannot
duplicate (every POST carries an Idempotency-Key that identifies the operation and is reused
on every retry)."""
from __future__ import annotations

import datetime as _dt
import email.utils
import json
import os
import random
import sys
import time

import requests

RETRYABLE_STATUS = {408, 425, 429, 500, 502, 503, 504}
PAGE_LIMIT = 100


class PlacemintError(RuntimeError):
    def __init__(self, message: str, status: int | None = None, code: str = ""):
        super().__init__(message)
        self.status = status
        self.code = code


class _Transient(Exception):
    pass


def _log(msg: str) -> None:
    print(f"placemint: {msg}", file=sys.stderr, flush=True)


def _retry_after(value: str | None, date_header: str | None) -> float | None:
    if value is None or not value.strip():
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
        if when.tzinfo is None:
            when = when.replace(tzinfo=_dt.timezone.utc)
        now = time.time()
        if date_header:
            sent = email.utils.parsedate_to_datetime(date_header)
            if sent.tzinfo is None:
                sent = sent.replace(tzinfo=_dt.timezone.utc)
            now = sent.timestamp()
        return max(0.0, when.timestamp() - now)
    except (TypeError, ValueError, IndexError, AttributeError):
        return None


class Placemint:
    def __init__(self, max_attempts: int = 10, rate_per_s: float = 8.0, burst: float = 10.0) -> None:
        self.base = os.environ["PLACEMINT_BASE_URL"].rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {os.environ['PLACEMINT_API_KEY']}"
        self.session.headers["Accept"] = "application/json"
        self.max_attempts = max_attempts
        self.rate = rate_per_s
        self.burst = burst
        self._tokens = burst
        self._last = time.monotonic()
        self._not_before = 0.0
        self.writes = 0

    # pacing -----------------------------------------------------------------------------
    def _hold(self, seconds: float) -> None:
        self._not_before = max(self._not_before, time.monotonic() + seconds)

    def _wait_turn(self) -> None:
        delay = self._not_before - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            time.sleep((1 - self._tokens) / self.rate)
            self._tokens = 1
            self._last = time.monotonic()
        self._tokens -= 1

    # requests ---------------------------------------------------------------------------
    def request(self, method: str, path: str, body: dict | None = None,
                idempotency_key: str | None = None) -> dict:
        """One logical request, retried on transient failures. A POST must carry an
        Idempotency-Key (the same on every retry); PATCH and GET are safe to repeat."""
        data = None
        headers = {}
        if body is not None:
            data = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()  # serialise once
            headers["Content-Type"] = "application/json"
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        if method == "POST" and not idempotency_key:
            raise ValueError("POST without Idempotency-Key")
        backoff = 0.5
        last = ""
        for attempt in range(1, self.max_attempts + 1):
            self._wait_turn()
            try:
                resp = self.session.request(method, self.base + path, data=data, headers=headers,
                                            timeout=(10, 45))
                raw = resp.content
            except requests.RequestException as exc:
                last = f"{type(exc).__name__}: {exc}"
                self._sleep_backoff(backoff, f"{method} {path}: {last}", attempt)
                backoff = min(backoff * 2, 15.0)
                continue
            try:
                if int(resp.headers.get("X-RateLimit-Remaining", "5")) <= 1:
                    self._hold(0.25)
            except ValueError:
                pass
            wait = _retry_after(resp.headers.get("Retry-After"), resp.headers.get("Date"))
            if wait is not None:
                self._hold(wait + 0.1)
            status = resp.status_code
            doc = None
            try:
                doc = json.loads(raw.decode("utf-8")) if raw else None
            except (UnicodeDecodeError, ValueError):
                doc = None
            if 200 <= status < 300:
                cl = resp.headers.get("Content-Length")
                if doc is None or not isinstance(doc, dict) or (cl and cl.isdigit() and int(cl) != len(raw)):
                    last = f"{status} with an unreadable body"
                    self._sleep_backoff(backoff, f"{method} {path}: {last}", attempt)
                    backoff = min(backoff * 2, 15.0)
                    continue
                if method != "GET":
                    self.writes += 1
                return doc
            err = (doc or {}).get("error") if isinstance(doc, dict) else None
            code = (err or {}).get("code", "") if isinstance(err, dict) else ""
            if status in RETRYABLE_STATUS or status >= 500:
                last = f"{status} {code}"
                self._sleep_backoff(backoff, f"{method} {path}: {last}", attempt, floor=wait)
                backoff = min(backoff * 2, 15.0)
                continue
            raise PlacemintError(f"{method} {path}: {status} {code}: {raw[:300]!r}", status, code)
        raise PlacemintError(f"{method} {path}: giving up after {self.max_attempts} attempts ({last})")

    def _sleep_backoff(self, backoff: float, what: str, attempt: int, floor: float | None = None) -> None:
        if attempt >= self.max_attempts:
            return
        pause = backoff * (0.75 + random.random() * 0.5)
        _log(f"{what} (attempt {attempt}); retrying")
        self._hold(max(pause, (floor or 0.0) + 0.1))

    # helpers ----------------------------------------------------------------------------
    def list_all(self, path: str) -> list[dict]:
        """Every item of a list, oldest first (offset/limit; new items appear at the end)."""
        out: list[dict] = []
        seen: set[str] = set()
        offset = 0
        while True:
            sep = "&" if "?" in path else "?"
            doc = self.request("GET", f"{path}{sep}offset={offset}&limit={PAGE_LIMIT}")
            data, total = doc.get("data"), doc.get("total")
            if not isinstance(data, list) or not isinstance(total, int):
                raise PlacemintError(f"GET {path}: unexpected page")
            for item in data:
                if item["id"] not in seen:
                    seen.add(item["id"])
                    out.append(item)
            offset += len(data)
            if not data or offset >= total or doc.get("has_more") is False:
                return out

    def get_placement(self, pid: str) -> dict:
        return self.request("GET", f"/v1/placements/{pid}")

    def create_placement(self, body: dict, key: str) -> dict:
        return self.request("POST", "/v1/placements", body, idempotency_key=key)

    def update_placement(self, pid: str, changes: dict) -> dict:
        return self.request("PATCH", f"/v1/placements/{pid}", changes)
