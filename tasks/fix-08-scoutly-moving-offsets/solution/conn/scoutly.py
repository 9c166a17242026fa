# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Scoutly client: the X-SmartToken header, one request at a time paced under Scoutly's
10 requests a second, a refused call (429) sent again only after its Retry-After, and list walks
one page after another (Scoutly serves one list call at a time per key), made again when the
list changed size under them."""
from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime

import httpx

from conn import config

PAGE = 100  # Scoutly's largest page
MIN_GAP_S = 0.11  # 10 requests a second is Scoutly's limit; stay under it
MAX_WALKS = 8


class ScoutlyError(Exception):
    pass


def iso(dt: datetime) -> str:
    u = dt.astimezone(timezone.utc)
    return u.strftime("%Y-%m-%dT%H:%M:%S.") + f"{u.microsecond // 1000:03d}Z"


class Scoutly:
    def __init__(self, timeout: float = 30.0):
        self.http = httpx.Client(base_url=config.base_url(), timeout=timeout,
                                 headers={"X-SmartToken": config.api_key(), "Accept": "application/json"})
        self._last = 0.0

    def close(self) -> None:
        self.http.close()

    def _pace(self) -> None:
        wait = self._last + MIN_GAP_S - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self._last = time.monotonic()

    def get(self, path: str, params: dict | None = None) -> tuple[dict, datetime | None]:
        """GET a JSON document; returns it with Scoutly's own time (its Date header)."""
        last = ""
        for attempt in range(12):
            self._pace()
            try:
                r = self.http.get(path, params=params)
            except httpx.TransportError as exc:
                last = f"{path}: {exc}"
                time.sleep(min(0.5 * 2 ** attempt, 8))
                continue
            if r.status_code == 429:
                last = f"{path}: HTTP 429"
                try:
                    wait = float(r.headers.get("Retry-After") or 1)
                except ValueError:
                    wait = 1.0
                time.sleep(max(wait, 0.5))
                continue
            if r.status_code >= 500:
                last = f"{path}: HTTP {r.status_code}"
                time.sleep(min(0.5 * 2 ** attempt, 8))
                continue
            if r.status_code >= 400:
                raise ScoutlyError(f"{path}: HTTP {r.status_code} {r.text[:200]}")
            try:
                date = parsedate_to_datetime(r.headers["Date"])
            except (KeyError, TypeError, ValueError):
                date = None
            return r.json(), date
        raise ScoutlyError(f"giving up: {last}")

    def walk(self, path: str, params: dict | None = None):
        """A walk during which the list kept its size. An erasure moves every later record up one
        position (the walk skips one) and a new record moves offsets too, so a walk whose totalFound
        changed is abandoned and made again."""
        for _ in range(MAX_WALKS):
            self._totals: set[int] = set()
            items, started = self._walk_once(path, params)
            if len(self._totals) <= 1:
                return items, started
        raise ScoutlyError(f"{path}: the list changed size during each of {MAX_WALKS} walks")

    def _walk_once(self, path: str, params: dict | None = None):
        """(records, Scoutly's time when the walk started): every page, one after another, by creation
        order (edits do not move records in it)."""
        offset, started, items = 0, None, []
        while True:
            page, date = self.get(path, {**(params or {}), "sort": "createdOn", "order": "asc",
                                         "limit": PAGE, "offset": offset})
            if started is None:
                started = date
            content = page.get("content") or []
            self._totals.add(int(page.get("totalFound") or 0))
            if len(self._totals) > 1:  # something was erased or created: offsets moved
                return items, started
            items += content
            offset += len(content)
            if not content or offset >= int(page.get("totalFound") or 0):
                return items, started


def before(dt: datetime | None, seconds: float) -> datetime | None:
    return dt - timedelta(seconds=seconds) if dt is not None else None
