# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HTTP with patience: a 429 waits Retry-After (or 5 s), a 5xx or a dropped connection is
retried with backoff. Only idempotent requests, or writes carrying an Idempotency-Key, are sent
more than once after an ambiguous failure."""
import time
from email.utils import parsedate_to_datetime

import httpx


def retry_after(r: httpx.Response, default: float = 5.0) -> float:
    raw = r.headers.get("Retry-After")
    if not raw:
        return default
    try:
        return max(float(raw), 0.5)
    except ValueError:
        try:
            return max(parsedate_to_datetime(raw).timestamp() - parsedate_to_datetime(r.headers["Date"]).timestamp(), 0.5)
        except (KeyError, TypeError, ValueError):
            return default


def send(client: httpx.Client, method: str, url: str, *, safe: bool, **kw) -> httpx.Response:
    r = None
    for attempt in range(8):
        try:
            r = client.request(method, url, **kw)
        except httpx.TransportError:
            if not safe or attempt >= 5:
                raise
            time.sleep(min(0.5 * 2 ** attempt, 8))
            continue
        if r.status_code == 429:
            time.sleep(retry_after(r))
            continue
        if r.status_code >= 500 and safe and attempt < 5:
            time.sleep(min(0.5 * 2 ** attempt, 8))
            continue
        return r
    return r
