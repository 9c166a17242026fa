# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Quarry client. Quarry is RPC-style: every method is a POST to /<object>.<verb> with
a JSON body (docs: QUARRY_DOCS_URL); list methods page with `cursor` / `nextCursor`, and the
last page of a walk carries a `syncToken` for the next incremental walk."""
from __future__ import annotations

import logging

import requests

log = logging.getLogger(__name__)


class Quarry:
    def __init__(self, base_url: str, api_key: str, timeout: float = 30.0):
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.auth = (api_key, "")
        self.timeout = timeout

    def call(self, method: str, body: dict) -> dict:
        try:
            r = self.http.post(f"{self.base}/{method}", json=body, timeout=self.timeout)
            return r.json()
        except (requests.RequestException, ValueError) as exc:  # a hiccup: nothing this time
            log.warning("%s: %s", method, exc)
            return {}

    def walk(self, method: str, body: dict | None = None, sync_token: str | None = None,
             limit: int = 100) -> tuple[list[dict], str | None]:
        """Every record of one list walk and the walk's new sync token (None if it gave none)."""
        records: list[dict] = []
        cursor = None
        while True:
            req = dict(body or {}, limit=limit)
            if cursor:
                req["cursor"] = cursor
            elif sync_token:
                req["syncToken"] = sync_token
            page = self.call(method, req)
            records += page.get("results") or []
            if not page.get("moreDataAvailable"):
                return records, page.get("syncToken")
            cursor = page.get("nextCursor")
