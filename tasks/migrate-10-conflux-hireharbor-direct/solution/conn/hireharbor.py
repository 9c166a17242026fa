# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor API access: HTTP Basic with the API key as the user name; 429 waits for Retry-After
(seconds or an HTTP date); lists follow Link rel="next"."""
from __future__ import annotations

import os
import time
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

import requests


def retry_after_s(value: str | None) -> float:
    if not value:
        return 1.0
    try:
        return max(0.0, float(value))
    except ValueError:
        when = parsedate_to_datetime(value)
        return max(0.0, (when - datetime.now(timezone.utc)).total_seconds()) + 0.2


class HireHarbor:
    def __init__(self) -> None:
        self.base = os.environ["HIREHARBOR_BASE_URL"].rstrip("/")
        self.session = requests.Session()
        self.session.auth = (os.environ["HIREHARBOR_API_KEY"], "")

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        url = path if path.startswith("http") else self.base + path
        for _ in range(20):
            r = self.session.request(method, url, timeout=30, allow_redirects=False, **kwargs)
            if r.status_code != 429:
                return r
            time.sleep(retry_after_s(r.headers.get("Retry-After")))
        r.raise_for_status()
        return r

    def walk(self, path: str, **params):
        params.setdefault("per_page", 100)
        r = self.request("GET", path, params=params)
        while True:
            r.raise_for_status()
            yield from r.json()
            nxt = r.links.get("next", {}).get("url")
            if not nxt:
                return
            r = self.request("GET", nxt)
