# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Placemint over httpx (independent alternative). No idempotency keys: a create whose answer
is lost is looked up (by external_ref, or the placement's schedule list) before it is sent
again. 429 waits for Retry-After."""
from __future__ import annotations

import time

import httpx


class Lost(Exception):
    """The answer of a write never came back."""


class Placemint:
    def __init__(self, s):
        self.http = httpx.Client(base_url=s.placemint_url, timeout=30.0,
                                 headers={"Authorization": f"Bearer {s.placemint_key}"})

    def call(self, method: str, path: str, body=None, params=None):
        for i in range(10):
            try:
                r = self.http.request(method, path, json=body, params=params)
            except httpx.TransportError:
                if method == "POST":
                    raise Lost(path)
                time.sleep(0.5 * (i + 1))
                continue
            if r.status_code == 429:
                ra = r.headers.get("retry-after", "1")
                time.sleep(float(ra) if ra.replace(".", "", 1).isdigit() else 1)
                continue
            if r.status_code >= 500:
                if method == "POST":
                    raise Lost(path)
                time.sleep(0.5 * (i + 1))
                continue
            return r
        raise RuntimeError(f"{method} {path}: Placemint kept failing")

    def all_pages(self, path: str, params=None) -> list[dict]:
        out, offset = [], 0
        while True:
            r = self.call("GET", path, params={**(params or {}), "offset": offset, "limit": 100})
            r.raise_for_status()
            page = r.json()
            out.extend(page["data"])
            offset += len(page["data"])
            if not page["data"] or offset >= page["total"]:
                return out

    def by_ref(self, ref: str):
        found = self.all_pages("/v1/placements", {"external_ref": ref})
        return found[0] if found else None

    def create_placement(self, body: dict) -> dict:
        for _ in range(3):
            try:
                r = self.call("POST", "/v1/placements", body)
            except Lost:
                rec = self.by_ref(body["external_ref"])
                if rec is not None:
                    return rec
                continue
            if r.status_code == 409:
                rec = self.by_ref(body["external_ref"])
                if rec is not None:
                    return rec
            r.raise_for_status()
            return r.json()
        raise RuntimeError(f"could not create {body['external_ref']}")

    def schedules(self, plc_id: str) -> list[dict]:
        return self.all_pages(f"/v1/placements/{plc_id}/fee_schedules")

    def add_schedule(self, plc_id: str, body: dict) -> None:
        for _ in range(3):
            try:
                r = self.call("POST", f"/v1/placements/{plc_id}/fee_schedules", body)
            except Lost:
                if any(s["effective_from"] == body["effective_from"] for s in self.schedules(plc_id)):
                    return
                continue
            r.raise_for_status()
            return
        raise RuntimeError(f"could not add a schedule to {plc_id}")

    def patch(self, plc_id: str, changes: dict) -> dict:
        r = self.call("PATCH", f"/v1/placements/{plc_id}", changes)
        r.raise_for_status()
        return r.json()
