# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Conflux client: API key + account token on every call, cursor walks, careful retries.

Every failing answer counts towards Conflux's error-burst block (20 failing requests in 10 s block
the key for 60 s, every account included), so only what can succeed on a second try is retried:
transport errors and 5xx, a few times with a growing pause; a `caller_blocked` 403 or a 429 is
waited out (Retry-After). A 400, 401 or 404 will fail again unchanged: it is raised at once."""
from __future__ import annotations

import os
import time
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

import requests

PAGE_SIZE = 100
BACKOFF_S = (1, 2, 4)  # pauses before the retries of a transport error or 5xx
MAX_THROTTLE_WAITS = 2
MAX_WAIT_S = 120


class ConfluxError(Exception):
    """Conflux did not give a complete answer."""


class Conflux:
    def __init__(self) -> None:
        self.base = os.environ["CONFLUX_BASE_URL"].rstrip("/") + "/api/ats/v1"
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Bearer {os.environ['CONFLUX_API_KEY']}",
            "X-Account-Token": os.environ["CONFLUX_ACCOUNT_TOKEN"],
            "Accept": "application/json",
        })
        self.last_date: datetime | None = None  # Conflux's clock, from the latest answer's Date

    def get(self, path: str, params: dict | None = None) -> dict:
        failures = throttles = 0
        while True:
            try:
                resp = self.http.get(self.base + path, params=params, timeout=30)
            except requests.RequestException as exc:
                problem = f"{type(exc).__name__}: {exc}"
            else:
                self._note_date(resp)
                if resp.ok:
                    return resp.json()
                problem = f"{resp.status_code} {resp.text[:300]}"
                if resp.status_code in (403, 429) and "caller_blocked" in resp.text or resp.status_code == 429:
                    throttles += 1
                    if throttles > MAX_THROTTLE_WAITS:
                        raise ConfluxError(f"GET {path}: still throttled: {problem}")
                    time.sleep(min(MAX_WAIT_S, _retry_after(resp)) + 0.5)
                    continue
                if resp.status_code < 500:
                    raise ConfluxError(f"GET {path}: {problem}")
            if failures >= len(BACKOFF_S):
                raise ConfluxError(f"GET {path}: {problem}")
            time.sleep(BACKOFF_S[failures])
            failures += 1

    def _note_date(self, resp: requests.Response) -> None:
        try:
            self.last_date = parsedate_to_datetime(resp.headers["Date"]).astimezone(timezone.utc)
        except (KeyError, TypeError, ValueError):
            pass

    def walk(self, path: str, params: dict | None = None):
        """Every record of a list, page by page (a cursor goes back with the same parameters)."""
        query = {"page_size": PAGE_SIZE, **(params or {})}
        page = self.get(path, query)
        while True:
            yield from page["results"]
            if not page.get("next"):
                return
            page = self.get(path, {**query, "cursor": page["next"]})


def _retry_after(resp: requests.Response) -> float:
    try:
        return max(1.0, float(resp.headers.get("Retry-After", "")))
    except ValueError:
        return 60.0
