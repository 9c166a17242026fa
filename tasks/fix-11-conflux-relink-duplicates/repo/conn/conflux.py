# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Conflux client: API key + account token on every call, cursor walks, retries."""
from __future__ import annotations

import os

import requests

PAGE_SIZE = 100
# Conflux's gateway drops the odd request at night; a few extra attempts are cheap.
MAX_ATTEMPTS = 30


class Disconnected(Exception):
    """Conflux refuses our credentials for the Quillon account: the link is broken."""


class ConfluxError(Exception):
    """Conflux kept failing."""


class Conflux:
    def __init__(self) -> None:
        self.base = os.environ["CONFLUX_BASE_URL"].rstrip("/") + "/api/ats/v1"
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Bearer {os.environ['CONFLUX_API_KEY']}",
            "X-Account-Token": os.environ["CONFLUX_ACCOUNT_TOKEN"],
            "Accept": "application/json",
        })

    def get(self, path: str, params: dict | None = None) -> dict:
        last = "no answer"
        for _attempt in range(MAX_ATTEMPTS):
            try:
                resp = self.http.get(self.base + path, params=params, timeout=30)
            except requests.RequestException as exc:
                last = f"{type(exc).__name__}: {exc}"
                continue
            if resp.status_code in (401, 403):
                raise Disconnected(f"{resp.status_code} {resp.text[:200]}")
            if resp.ok:
                return resp.json()
            last = f"{resp.status_code} {resp.text[:200]}"
        raise ConfluxError(f"GET {path}: {last}")

    def walk(self, path: str, params: dict | None = None):
        """Every record of a list, page by page (a cursor goes back with the same parameters)."""
        query = {"page_size": PAGE_SIZE, **(params or {})}
        page = self.get(path, query)
        while True:
            yield from page["results"]
            if not page.get("next"):
                return
            page = self.get(path, {**query, "cursor": page["next"]})
