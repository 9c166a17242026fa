# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Pipelane API over httpx. Calls are made one at a time (the receiver serialises its work), so a
`Retry-After` is honoured by sleeping before the next call. A write that got no clear answer
raises `Unsure`: the receiver does not repeat it itself."""
import time
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

import httpx

from conn import config


class ApiError(RuntimeError):
    def __init__(self, status: int, text: str):
        super().__init__(f"{status}: {text[:200]}")
        self.status = status


class Unsure(RuntimeError):
    pass


def _wait_for(header: str | None) -> float:
    if not header:
        return 1.0
    header = header.strip()
    if header.isdigit():
        return float(header)
    try:
        return max(0.0, (parsedate_to_datetime(header) - datetime.now(timezone.utc)).total_seconds())
    except (TypeError, ValueError):
        return 1.0


class Client:
    def __init__(self):
        self.http = httpx.Client(base_url=config.base_url(), auth=(config.api_key(), ""), timeout=8.0,
                                 trust_env=False)
        self.resume_at = 0.0

    def _call(self, method: str, path: str, params=None, json=None):
        for attempt in range(10):
            pause = self.resume_at - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            try:
                r = self.http.request(method, path, params=params, json=json)
            except httpx.HTTPError as exc:
                if method != "GET":
                    raise Unsure(str(exc)) from exc
                time.sleep(0.5 * (attempt + 1))
                continue
            if r.status_code in (429, 503):
                self.resume_at = time.monotonic() + _wait_for(r.headers.get("retry-after")) + 0.1
                if r.status_code == 503 and method != "GET":
                    raise Unsure("503 on a write")
                continue
            if r.status_code >= 500:
                if method != "GET":
                    raise Unsure(f"{r.status_code} on a write")
                time.sleep(0.5 * (attempt + 1))
                continue
            if r.status_code >= 400:
                raise ApiError(r.status_code, r.text)
            return r.json()
        raise ApiError(0, f"{method} {path}: no answer after 10 tries")

    def opportunity(self, oid: str) -> dict | None:
        try:
            return self._call("GET", f"/v1/opportunities/{oid}")["data"]
        except ApiError as exc:
            if exc.status in (400, 404):
                return None
            raise

    def activities(self, oid: str) -> list[dict]:
        items, params = [], {"limit": 100}
        while True:
            page = self._call("GET", f"/v1/opportunities/{oid}/activities", params=dict(params))
            items.extend(page["data"])
            if not page.get("hasNext"):
                return items
            params["offset"] = page["next"]

    def note(self, oid: str, text: str, user: str) -> dict:
        return self._call("POST", f"/v1/opportunities/{oid}/notes", params={"perform_as": user},
                          json={"value": text})["data"]
