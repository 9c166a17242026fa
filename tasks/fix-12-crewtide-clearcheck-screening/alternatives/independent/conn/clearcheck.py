# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""ClearCheck over httpx: every check read in one walk per cycle; orders with an Idempotency-Key
that names the nurse and the attempt, so a retried order cannot make a second check."""
from __future__ import annotations

import time

import httpx

from conn import config


class ClearCheck:
    def __init__(self):
        self.base = config.clearcheck_url()
        self.http = httpx.Client(timeout=30, headers={"X-Api-Key": config.clearcheck_key()})

    def call(self, method: str, path: str, key: str | None = None, **kw) -> dict:
        headers = {"Idempotency-Key": key} if key else {}
        for attempt in range(10):
            try:
                r = self.http.request(method, self.base + path, headers=headers, **kw)
            except httpx.TransportError:
                if method != "GET" and not key:
                    raise
                time.sleep(1 + attempt)
                continue
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(float(r.headers.get("Retry-After") or 1 + attempt))
                continue
            if r.status_code >= 400:
                raise RuntimeError(f"ClearCheck {method} {path}: {r.status_code} {r.text[:200]}")
            return r.json()
        raise RuntimeError(f"ClearCheck {method} {path}: gave up")

    def all(self, path: str, params: dict | None = None) -> list[dict]:
        doc, out = self.call("GET", path, params={**(params or {}), "limit": 100}), []
        out += doc["data"]
        while doc.get("next_cursor"):
            doc = self.call("GET", path, params={"cursor": doc["next_cursor"], "limit": 100})
            out += doc["data"]
        return out

    def candidate(self, cid: str, person: dict) -> str:
        label = f"crewtide-{cid}"
        found = self.all("/v1/candidates", {"external_id": label})
        if found:
            return found[0]["id"]
        return self.call("POST", "/v1/candidates", key=f"cand-{label}", json={**person, "external_id": label})["id"]

    def order(self, cc_candidate: str, cid: str, attempt: int) -> dict:
        return self.call("POST", "/v1/checks", key=f"check-{cid}-{attempt}",
                         json={"candidate_id": cc_candidate, "package": config.PACKAGE, "external_id": cid})
