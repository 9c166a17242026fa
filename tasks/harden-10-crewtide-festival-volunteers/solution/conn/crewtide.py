# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Crewtide JSON:API client (API version 20250115, `Token token=` auth).

Throttling: this account's plan answers with the IETF `RateLimit: "burst";r=<left>;t=<seconds>`
header, and its 429s carry no Retry-After: the wait is `t` (a Retry-After, when one comes, is
honoured too; the longer wins). Failures: a 5xx, a dropped connection or a cut body is retried
with a backoff; a 4xx other than 429 is an error."""
from __future__ import annotations

import logging
import re
import time
from email.utils import parsedate_to_datetime

import requests

from conn.config import Settings

API_VERSION = "20250115"
PAGE_SIZE = 30  # Crewtide's maximum
ATTEMPTS = 8

log = logging.getLogger("conn.crewtide")


class CrewtideError(RuntimeError):
    def __init__(self, response: requests.Response):
        self.response = response
        self.status = response.status_code
        super().__init__(f"{response.request.method} {response.url}: {response.status_code} {response.text[:300]}")


class Page:
    """One list page: its records, links, meta and the server's Date (ISO-8601 UTC)."""

    def __init__(self, doc: dict, server_time: str | None):
        self.records = doc.get("data") or []
        self.links = doc.get("links") or {}
        self.meta = doc.get("meta") or {}
        self.server_time = server_time


def server_time(resp: requests.Response) -> str | None:
    value = resp.headers.get("Date")
    if not value:
        return None
    return parsedate_to_datetime(value).strftime("%Y-%m-%dT%H:%M:%SZ")


def throttle_wait(resp: requests.Response) -> float:
    """Seconds to wait after a 429: RateLimit's t, or Retry-After, whichever is longer."""
    waits = []
    m = re.search(r"(?:^|[;,\s])t=(\d+(?:\.\d+)?)", resp.headers.get("RateLimit", ""))
    if m:
        waits.append(float(m.group(1)))
    if (reset := resp.headers.get("RateLimit-Reset", "").strip()).replace(".", "", 1).isdigit():
        waits.append(float(reset))
    ra = resp.headers.get("Retry-After", "").strip()
    if ra:
        try:
            waits.append(float(ra))
        except ValueError:
            try:
                waits.append(parsedate_to_datetime(ra).timestamp() - time.time())
            except (TypeError, ValueError):
                pass
    return max(waits) if waits else 10.0


class Crewtide:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={settings.api_key}",
                                     "X-Api-Version": API_VERSION,
                                     "Accept": "application/vnd.api+json"})

    def get(self, path: str, params: dict | None = None) -> Page:
        url = path if path.startswith("http") else self.base + path
        failures = 0
        while True:
            try:
                resp = self.session.get(url, params=params, timeout=self.timeout)
                if resp.status_code == 429:
                    wait = throttle_wait(resp)
                    log.warning("throttled by Crewtide, waiting %.1f s", wait)
                    time.sleep(max(0.0, wait) + 0.1)
                    continue
                if resp.status_code < 500:
                    if resp.status_code >= 400:
                        raise CrewtideError(resp)
                    return Page(resp.json(), server_time(resp))
                problem = f"HTTP {resp.status_code}"
            except (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError,
                    ValueError) as exc:
                problem = type(exc).__name__
            failures += 1
            if failures >= ATTEMPTS:
                raise RuntimeError(f"GET {url}: giving up after {failures} failures ({problem})")
            backoff = min(8.0, 0.5 * 2 ** (failures - 1))
            log.warning("GET %s failed (%s), retrying in %.1f s", url, problem, backoff)
            time.sleep(backoff)
