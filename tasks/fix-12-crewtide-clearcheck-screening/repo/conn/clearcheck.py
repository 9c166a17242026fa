# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""ClearCheck client: X-Api-Key, cursor pages, candidates and checks."""
from __future__ import annotations

import time
import uuid

import requests

from conn import config


class ClearCheck:
    def __init__(self):
        self.base = config.clearcheck_url()
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": config.clearcheck_key()})

    def _send(self, method: str, path: str, **kw) -> dict:
        for _ in range(6):
            r = self.session.request(method, self.base + path, timeout=30, **kw)
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After") or 2))
                continue
            r.raise_for_status()
            return r.json()
        r.raise_for_status()
        return r.json()

    def walk(self, path: str, params: dict | None = None):
        doc = self._send("GET", path, params={**(params or {}), "limit": 100})
        yield from doc["data"]
        while doc.get("next_cursor"):
            doc = self._send("GET", path, params={"cursor": doc["next_cursor"], "limit": 100})
            yield from doc["data"]

    def checks(self, external_id: str) -> list[dict]:
        return list(self.walk("/v1/checks", {"external_id": external_id}))

    def candidate_for(self, person: dict) -> str:
        """ClearCheck's candidate for a Crewtide candidate (looked up by external_id, else created)."""
        found = list(self.walk("/v1/candidates", {"external_id": person["external_id"]}))
        if found:
            return found[0]["id"]
        return self._send("POST", "/v1/candidates", json=person)["id"]

    def order(self, candidate_id: str, external_id: str) -> dict:
        return self._send("POST", "/v1/checks", headers={"Idempotency-Key": str(uuid.uuid4())},
                          json={"candidate_id": candidate_id, "package": config.PACKAGE, "external_id": external_id})
