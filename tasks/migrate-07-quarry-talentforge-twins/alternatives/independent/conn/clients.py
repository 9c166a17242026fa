# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HTTP clients written from the vendors' docs and what the live APIs answered.

Quarry: POST /<method>, Basic auth; success:false envelopes are errors even with HTTP 200
(internal_error and rate_limit_exceeded are retried). TalentForge: a token minted on demand and
minted again after a 401; 429/5xx retried after Retry-After."""
from __future__ import annotations

import time

import requests


class ApiError(RuntimeError):
    pass


class QuarryClient:
    def __init__(self, url: str, key: str):
        self.url, self.s = url, requests.Session()
        self.s.auth = (key, "")

    def rpc(self, method: str, body: dict) -> dict:
        for attempt in range(10):
            try:
                data = self.s.post(f"{self.url}/{method}", json=body, timeout=20).json()
            except (requests.RequestException, ValueError):
                time.sleep(1 + attempt)
                continue
            if data.get("success"):
                return data
            err = data.get("errorInfo") or {}
            if err.get("code") in ("internal_error", "rate_limit_exceeded"):
                time.sleep(float(err.get("retryAfterSeconds") or 1))
                continue
            raise ApiError(f"quarry {method}: {err}")
        raise ApiError(f"quarry {method}: no success after retries")

    def changes(self, method: str, token: str | None) -> tuple[list[dict], str]:
        """The records of an unfiltered list (with a token: only those changed since) and the
        walk's new token."""
        items, body = [], {"limit": 50}
        if token:
            body["syncToken"] = token
        while True:
            page = self.rpc(method, body)
            items += page["results"]
            if not page.get("moreDataAvailable"):
                return items, page["syncToken"]
            body = {"limit": 50, "cursor": page["nextCursor"]}

    def every(self, method: str, **filters) -> list[dict]:
        items, body = [], dict(filters, limit=50)
        while True:
            page = self.rpc(method, body)
            items += page["results"]
            if not page.get("moreDataAvailable"):
                return items
            body = dict(filters, limit=50, cursor=page["nextCursor"])


class ForgeClient:
    def __init__(self, url: str, cid: str, secret: str):
        self.url, self.cid, self.secret = url, cid, secret
        self.s = requests.Session()
        self.tok = None

    def _mint(self) -> None:
        for attempt in range(6):
            r = self.s.post(self.url + "/oauth/token", timeout=20, json={
                "grant_type": "client_credentials", "client_id": self.cid, "client_secret": self.secret})
            if r.ok:
                self.tok = r.json()["access_token"]
                return
            time.sleep(1 + attempt)
        raise ApiError("talentforge token")

    def call(self, method: str, path: str, **kw) -> requests.Response:
        for attempt in range(8):
            if self.tok is None:
                self._mint()
            r = self.s.request(method, self.url + path, headers={"Authorization": "Bearer " + self.tok},
                               timeout=20, **kw)
            if r.status_code == 401:
                self.tok = None
                continue
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(float(r.headers.get("Retry-After") or 1 + attempt))
                continue
            return r
        raise ApiError(f"talentforge {method} {path}: retries exhausted")

    def items(self, path: str, **params) -> list[dict]:
        out, cursor = [], None
        while True:
            p = {"cursor": cursor} if cursor else dict(params)
            r = self.call("GET", path, params=p)
            if r.status_code != 200:
                raise ApiError(f"GET {path}: {r.status_code} {r.text[:200]}")
            body = r.json()
            out += body["items"]
            cursor = body.get("cursor")
            if not cursor:
                return out
