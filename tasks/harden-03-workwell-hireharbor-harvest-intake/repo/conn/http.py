# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""One place for sending requests: a few quick retries when the network or the far end hiccups."""
from __future__ import annotations

import sys
import time

import requests

ATTEMPTS = 4
TIMEOUT_S = 30


class GaveUp(RuntimeError):
    """The request kept failing; the caller skips what it was doing."""


def retry_after_s(r: requests.Response) -> float:
    """How long the vendor asked us to wait (seconds), 1 s when it did not say."""
    try:
        return max(0.0, float(r.headers.get("Retry-After", "1")))
    except ValueError:
        return 1.0


def send(session: requests.Session, method: str, url: str, **kw) -> requests.Response:
    last = ""
    for _attempt in range(ATTEMPTS):
        try:
            r = session.request(method, url, timeout=TIMEOUT_S, **kw)
        except (requests.ConnectionError, requests.Timeout) as exc:
            last = f"{type(exc).__name__}"
            time.sleep(0.5)
            continue
        if r.status_code == 429 or r.status_code >= 500:
            last = f"HTTP {r.status_code}"
            wait = retry_after_s(r)
            print(f"{method} {r.request.path_url}: {last}, retrying in {wait:.0f}s", file=sys.stderr)
            time.sleep(wait)
            continue
        return r
    raise GaveUp(f"{method} {url}: {last} after {ATTEMPTS} attempts")
