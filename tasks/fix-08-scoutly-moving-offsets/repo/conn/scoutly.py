# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Scoutly client: the X-SmartToken header, JSON pages of candidates."""
from __future__ import annotations

import time

import httpx

from conn import config

PAGE = 100  # Scoutly's largest page


class ScoutlyError(Exception):
    pass


class Scoutly:
    def __init__(self, timeout: float = 30.0):
        self.http = httpx.Client(base_url=config.base_url(), timeout=timeout,
                                 headers={"X-SmartToken": config.api_key(), "Accept": "application/json"})

    def close(self) -> None:
        self.http.close()

    def get(self, path: str, params: dict | None = None) -> dict:
        """GET a JSON document; Scoutly is busy on weekdays, so a refused call is simply sent again."""
        for _attempt in range(200):
            try:
                r = self.http.get(path, params=params)
            except httpx.TransportError as exc:
                last = f"{path}: {exc}"
                time.sleep(0.5)
                continue
            if r.status_code == 429 or r.status_code >= 500:
                last = f"{path}: HTTP {r.status_code}"
                time.sleep(0.05)  # the gateway frees up within milliseconds
                continue
            if r.status_code >= 400:
                raise ScoutlyError(f"{path}: HTTP {r.status_code} {r.text[:200]}")
            return r.json()
        raise ScoutlyError(f"giving up: {last}")

    def candidates_page(self, offset: int) -> dict:
        # Newest changes first: the planners look at what moved recently.
        return self.get("/v1/candidates", {"sort": "updatedOn", "order": "desc", "limit": PAGE, "offset": offset})
