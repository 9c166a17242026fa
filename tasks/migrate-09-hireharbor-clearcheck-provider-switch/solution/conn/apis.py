# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor (Basic auth, Link pages, On-Behalf-Of on writes) and ClearCheck (X-Api-Key,
cursor pages, Idempotency-Key on orders); both keep the server's clock from `Date`."""
from email.utils import parsedate_to_datetime

import httpx

from conn import config
from conn.http import send


class _Client:
    def __init__(self):
        self.date = None

    def _track(self, r: httpx.Response) -> httpx.Response:
        if r.headers.get("Date"):
            try:
                self.date = parsedate_to_datetime(r.headers["Date"])
            except (TypeError, ValueError):
                pass
        return r


class HireHarbor(_Client):
    def __init__(self):
        super().__init__()
        self.base = config.hireharbor_url()
        self.http = httpx.Client(timeout=30, auth=(config.hireharbor_key(), ""))

    def get(self, path, params=None):
        r = self._track(send(self.http, "GET", self.base + path, safe=True, params=params or {}))
        r.raise_for_status()
        return r

    def walk(self, path, params=None):
        r = self.get(path, {**(params or {}), "per_page": 100})
        yield from r.json()
        while "next" in r.links:
            r = self._track(send(self.http, "GET", r.links["next"]["url"], safe=True))
            r.raise_for_status()
            yield from r.json()

    def patch(self, path, body, actor: int):
        # a PATCH of custom fields is idempotent: safe to resend
        r = self._track(send(self.http, "PATCH", self.base + path, safe=True, json=body,
                             headers={"On-Behalf-Of": str(actor)}))
        r.raise_for_status()
        return r.json()


class ClearCheck(_Client):
    def __init__(self):
        super().__init__()
        self.base = config.clearcheck_url()
        self.http = httpx.Client(timeout=30, headers={"X-Api-Key": config.clearcheck_key()})

    def get(self, path, params=None):
        r = self._track(send(self.http, "GET", self.base + path, safe=True, params=params or {}))
        r.raise_for_status()
        return r.json()

    def walk(self, path, params=None):
        doc = self.get(path, {**(params or {}), "limit": 100})
        yield from doc["data"]
        while doc.get("has_more") and doc.get("next_cursor"):
            doc = self.get(path, {"cursor": doc["next_cursor"], "limit": 100})
            yield from doc["data"]

    def post(self, path, body, key: str):
        r = self._track(send(self.http, "POST", self.base + path, safe=True, json=body,
                             headers={"Idempotency-Key": key}))
        r.raise_for_status()
        return r.json()
