# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small ClearCheck API client (X-Api-Key) that waits out throttles and outages: a 429 or
5xx (or a dropped connection) is retried after the answer's Retry-After (seconds or an
HTTP-date, judged with the answer's own Date), else after a short backoff."""
import sys
import time
from email.utils import parsedate_to_datetime

import requests

from conn import config

RETRY_STATUSES = {429, 500, 502, 503, 504}
MAX_ATTEMPTS = 8


def retry_after_s(resp: requests.Response, fallback: float) -> float:
    value = (resp.headers.get("Retry-After") or "").strip()
    if not value:
        return fallback
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
        date = resp.headers.get("Date")
        now = parsedate_to_datetime(date).timestamp() if date else time.time()
        return max(0.0, when.timestamp() - now) + 1.0
    except (TypeError, ValueError):
        return fallback


class ClearCheck:
    def __init__(self):
        self.http = requests.Session()
        self.http.headers.update({"X-Api-Key": config.api_key(), "Accept": "application/json"})

    def get(self, path: str, params: dict | None = None) -> requests.Response:
        backoff = 1.0
        for attempt in range(1, MAX_ATTEMPTS + 1):
            try:
                resp = self.http.get(config.base_url() + path, params=params, timeout=30)
            except (requests.ConnectionError, requests.Timeout) as exc:
                if attempt == MAX_ATTEMPTS:
                    raise
                print(f"clearcheck: {path}: {type(exc).__name__}; retrying in {backoff:.0f} s", file=sys.stderr)
                time.sleep(backoff)
                backoff = min(backoff * 2, 30)
                continue
            if resp.status_code in RETRY_STATUSES and attempt < MAX_ATTEMPTS:
                wait = retry_after_s(resp, backoff)
                print(f"clearcheck: {path}: {resp.status_code}; retrying in {wait:.1f} s", file=sys.stderr)
                time.sleep(wait)
                backoff = min(backoff * 2, 30)
                continue
            resp.raise_for_status()
            return resp
        raise RuntimeError("unreachable")
