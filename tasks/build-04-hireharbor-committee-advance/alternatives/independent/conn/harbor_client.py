# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor over httpx: reads one record at a time, and reacts to 429 by waiting Retry-After."""
from __future__ import annotations

import datetime as dt
import email.utils
import os
import time

import httpx


class Refused(Exception):
    def __init__(self, status: int, body: dict):
        super().__init__(f"{status} {body}")
        self.status, self.body = status, body


def _wait_for(resp: httpx.Response) -> float:
    raw = (resp.headers.get("retry-after") or "1").strip()
    try:
        return float(raw)
    except ValueError:
        when = email.utils.parsedate_to_datetime(raw)
        return max(0.0, (when - dt.datetime.now(dt.timezone.utc)).total_seconds())


class Harbor:
    def __init__(self):
        self.http = httpx.Client(base_url=os.environ["HIREHARBOR_BASE_URL"].rstrip("/"),
                                 auth=(os.environ["HIREHARBOR_API_KEY"], ""), timeout=30.0)

    def call(self, method: str, path: str, *, params=None, json=None, actor: int | None = None):
        headers = {"On-Behalf-Of": str(actor)} if actor is not None else {}
        while True:
            resp = self.http.request(method, path, params=params, json=json, headers=headers)
            if resp.status_code != 429:
                break
            time.sleep(_wait_for(resp) + 0.1)
        try:
            body = resp.json()
        except ValueError:
            body = {}
        if resp.status_code >= 400:
            raise Refused(resp.status_code, body if isinstance(body, dict) else {})
        return body

    def user_by_email(self, address: str) -> dict | None:
        found = self.call("GET", "/v1/users", params={"email": address.strip().lower()})
        return next((u for u in found if u["email"].lower() == address.strip().lower()), None)

    def application(self, app_id: int) -> dict | None:
        try:
            return self.call("GET", f"/v1/applications/{app_id}")
        except Refused as exc:
            if exc.status == 404:
                return None
            raise

    def all_jobs(self) -> list[dict]:
        page, out = 1, []
        while True:
            chunk = self.call("GET", "/v1/jobs", params={"page": page, "per_page": 100})
            if not chunk:
                return out
            out += chunk
            page += 1
