# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor API access: HTTP Basic with the key as user name, Link paging, writes
On-Behalf-Of a user. A write whose answer never came is reported as `Lost` (the caller looks
the record up before posting again)."""
from __future__ import annotations

import os
import time

import requests


class Lost(Exception):
    pass


class HireHarbor:
    def __init__(self) -> None:
        self.base = os.environ["HIREHARBOR_BASE_URL"].rstrip("/")
        self.session = requests.Session()
        self.session.auth = (os.environ["HIREHARBOR_API_KEY"], "")
        self.actor: int | None = None

    def _send(self, method: str, url: str, **kw) -> requests.Response:
        for attempt in range(8):
            r = self.session.request(method, url, timeout=30, **kw)
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After") or 2))
                continue
            return r
        return r

    def get(self, path: str, **params):
        for attempt in range(6):
            try:
                r = self._send("GET", self.base + path, params=params)
            except requests.RequestException:
                time.sleep(min(2 ** attempt, 8))
                continue
            if r.status_code >= 500:
                time.sleep(min(2 ** attempt, 8))
                continue
            r.raise_for_status()
            return r.json()
        raise RuntimeError(f"HireHarbor GET {path}: gave up")

    def walk(self, path: str, **params):
        url, q = self.base + path, {**params, "per_page": 100}
        while url:
            for attempt in range(6):
                try:
                    r = self._send("GET", url, params=q)
                except requests.RequestException:
                    time.sleep(min(2 ** attempt, 8))
                    continue
                if r.status_code < 500:
                    break
            r.raise_for_status()
            yield from r.json()
            url, q = r.links.get("next", {}).get("url"), None

    def write(self, method: str, path: str, body: dict | None = None) -> requests.Response:
        """One attempt; a lost answer (no response, 5xx) raises Lost."""
        try:
            r = self._send(method, self.base + path, json=body if body is not None else {},
                           headers={"On-Behalf-Of": str(self.actor)})
        except requests.RequestException as exc:
            raise Lost(str(exc)) from exc
        if r.status_code >= 500:
            raise Lost(f"{r.status_code}")
        return r
