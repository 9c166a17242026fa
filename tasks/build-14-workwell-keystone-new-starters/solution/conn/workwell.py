# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Workwell SPI v3 client: Bearer key, the account prefix, pacing by Workwell's own
rate-limit headers (X-Rate-Limit-Remaining / -Reset), Retry-After on 429, and list walks that
follow `paging.next` exactly as Workwell hands it back."""
from __future__ import annotations

import time
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

import requests

MARGIN_S = 0.2          # added to every wait Workwell asks for
TRANSIENT = {500, 502, 503, 504}


class WorkwellError(RuntimeError):
    pass


class Workwell:
    def __init__(self, base_url: str, api_key: str, tenant: str, timeout: float = 30.0):
        self.root = f"{base_url.rstrip('/')}/t/{tenant}/spi/v3"
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {api_key}", "Accept": "application/json"})
        self.timeout = timeout
        self.pause_until = 0.0      # monotonic instant before which no request may be sent
        self.server_now: datetime | None = None

    # -- pacing ---------------------------------------------------------------------------------

    def _wait_turn(self) -> None:
        delay = self.pause_until - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    @staticmethod
    def _reset_seconds(raw: str | None) -> float | None:
        """X-Rate-Limit-Reset as seconds from now. The docs describe an epoch timestamp; a small
        number is a delay. Both readings are accepted."""
        if not raw:
            return None
        try:
            value = float(raw)
        except ValueError:
            return None
        if value > 1e9:
            return max(0.0, value - time.time())
        return max(0.0, value)

    def _note_limits(self, r: requests.Response) -> None:
        remaining = r.headers.get("X-Rate-Limit-Remaining")
        reset = self._reset_seconds(r.headers.get("X-Rate-Limit-Reset"))
        if remaining is not None and reset is not None:
            try:
                left = int(remaining)
            except ValueError:
                return
            if left <= 0:
                self.pause_until = max(self.pause_until, time.monotonic() + reset + MARGIN_S)
        date = r.headers.get("Date")
        if date and self.server_now is None:
            try:
                self.server_now = parsedate_to_datetime(date).astimezone(timezone.utc)
            except (TypeError, ValueError):
                pass

    # -- requests -------------------------------------------------------------------------------

    def get_url(self, url: str, allow_404: bool = False) -> dict | None:
        failures = 0
        while True:
            self._wait_turn()
            try:
                r = self.http.get(url, timeout=self.timeout)
            except requests.RequestException as exc:
                failures += 1
                if failures > 5:
                    raise WorkwellError(f"GET {url}: {exc}") from exc
                self.pause_until = time.monotonic() + min(30.0, 2.0 ** failures)
                continue
            self._note_limits(r)
            if r.status_code == 429:
                try:
                    wait = float(r.headers.get("Retry-After", "10"))
                except ValueError:
                    wait = 10.0
                self.pause_until = max(self.pause_until, time.monotonic() + wait + MARGIN_S)
                continue
            if r.status_code in TRANSIENT:
                failures += 1
                if failures > 5:
                    raise WorkwellError(f"GET {url}: HTTP {r.status_code}")
                self.pause_until = max(self.pause_until, time.monotonic() + min(30.0, 2.0 ** failures))
                continue
            if r.status_code == 404 and allow_404:
                return None
            if r.status_code != 200:
                raise WorkwellError(f"GET {url}: HTTP {r.status_code} {r.text[:300]}")
            return r.json()

    def offer(self, candidate_id: str) -> dict | None:
        """The candidate's offer, or None when Workwell has none."""
        body = self.get_url(f"{self.root}/candidates/{candidate_id}/offer", allow_404=True)
        return None if body is None else body.get("offer")

    def walk(self, path: str, key: str, params: str = "limit=100"):
        """Every item of a list, page after page: the next page is `paging.next`, as given."""
        url = f"{self.root}/{path}?{params}"
        while url:
            page = self.get_url(url)
            yield from page.get(key) or []
            url = (page.get("paging") or {}).get("next")
