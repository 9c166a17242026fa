# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""ClearCheck over httpx: waits out 429/5xx answers as long as Retry-After says (seconds or
HTTP-date), retries dropped connections, gives up after ten attempts."""
import sys
import time
from email.utils import parsedate_to_datetime

import httpx

from conn import config


class ClearCheck:
    def __init__(self):
        self.client = httpx.Client(base_url=config.base_url(), timeout=30,
                                   headers={"X-Api-Key": config.api_key()})

    @staticmethod
    def _wait(resp: httpx.Response, attempt: int) -> float:
        ra = resp.headers.get("retry-after")
        if ra:
            ra = ra.strip()
            if ra.isdigit():
                return int(ra) + 0.2
            try:
                target = parsedate_to_datetime(ra).timestamp()
                ref = parsedate_to_datetime(resp.headers["date"]).timestamp() if "date" in resp.headers else time.time()
                return max(target - ref, 0) + 1.2
            except (TypeError, ValueError, KeyError):
                pass
        return min(2 ** attempt, 20)

    def get(self, path: str, params: dict | None = None) -> httpx.Response:
        for attempt in range(10):
            try:
                resp = self.client.get(path, params=params)
            except httpx.TransportError as exc:
                sys.stderr.write(f"clearcheck: {exc!r}, retrying\n")
                time.sleep(min(2 ** attempt, 20))
                continue
            if resp.status_code == 429 or resp.status_code >= 500:
                wait = self._wait(resp, attempt)
                sys.stderr.write(f"clearcheck: {resp.status_code} on {path}, waiting {wait:.1f} s\n")
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp
        raise RuntimeError(f"ClearCheck kept failing on {path}")
