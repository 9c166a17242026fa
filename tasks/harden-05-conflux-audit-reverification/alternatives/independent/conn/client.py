# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Conflux, one person at a time, inside the error-burst budget.

Conflux blocks the key after 20 failing answers (status >= 400 except 429) within 10 s. Every
lookup of a stale or unknown id is a 404, so failing answers are budgeted: before a request, the
client waits until fewer than BUDGET failures lie in the trailing window. Answers:
- 200 → the record; 404 → no such record (a real answer, never retried);
- 429 or 403 caller_blocked → wait out Retry-After, then the same request again;
- 5xx or a broken connection → retry with a growing pause; after MAX_TRIES, Unavailable;
- anything else (400, 401, other 403) → Unavailable (a broken request is not a finding)."""
from __future__ import annotations

import os
import time
from collections import deque
from email.utils import parsedate_to_datetime

import httpx

BUDGET = 15          # failing answers allowed within WINDOW_S (Conflux blocks at 20)
WINDOW_S = 10.0
MAX_TRIES = 6


class Unavailable(Exception):
    pass


def wait_seconds(header: str | None) -> float:
    if not header:
        return 10.0
    try:
        return max(0.0, float(header))
    except ValueError:
        try:
            return max(0.0, parsedate_to_datetime(header).timestamp() - time.time())
        except (TypeError, ValueError, IndexError, AttributeError):
            return 10.0


class Client:
    def __init__(self) -> None:
        self.http = httpx.Client(
            base_url=os.environ["CONFLUX_BASE_URL"].rstrip("/") + "/api/ats/v1",
            headers={"Authorization": "Bearer " + os.environ["CONFLUX_API_KEY"],
                     "X-Account-Token": os.environ["CONFLUX_ACCOUNT_TOKEN"]},
            timeout=30.0)
        self.failures: deque[float] = deque()

    def _budget(self) -> None:
        while True:
            now = time.monotonic()
            while self.failures and self.failures[0] <= now - WINDOW_S:
                self.failures.popleft()
            if len(self.failures) < BUDGET:
                return
            time.sleep(self.failures[0] + WINDOW_S - now + 0.05)

    def _request(self, path: str, params: dict | None = None) -> httpx.Response | None:
        """The answer (200 or 404), or None for a 404."""
        pause, problem = 0.5, "no answer"
        for _ in range(MAX_TRIES):
            self._budget()
            try:
                r = self.http.get(path, params=params)
            except httpx.TransportError as exc:
                problem = repr(exc)
                time.sleep(pause)
                pause *= 2
                continue
            if r.status_code == 200:
                return r
            if r.status_code == 404:
                self.failures.append(time.monotonic())
                return None
            blocked = r.status_code == 403 and "caller_blocked" in r.text
            if r.status_code == 429 or blocked:
                if blocked:
                    self.failures.append(time.monotonic())
                time.sleep(wait_seconds(r.headers.get("Retry-After")) + 0.1)
                continue
            self.failures.append(time.monotonic())
            problem = f"{r.status_code} {r.text[:120]}"
            if r.status_code >= 500:
                time.sleep(pause)
                pause *= 2
                continue
            raise Unavailable(f"GET {path}: {problem}")
        raise Unavailable(f"GET {path}: {problem}")

    def by_id(self, conflux_id: str) -> dict | None:
        r = self._request(f"/candidates/{conflux_id}")
        return None if r is None else r.json()

    def by_remote_id(self, remote_id: str) -> dict | None:
        r = self._request("/candidates", {"remote_id": remote_id, "include_remote_deleted": "true",
                                          "page_size": 30})
        if r is None:
            return None
        hits = r.json().get("results") or []
        live = [h for h in hits if not h.get("remote_was_deleted")]
        return (live or hits or [None])[0]
