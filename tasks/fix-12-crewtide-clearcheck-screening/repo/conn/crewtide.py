# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide JSON:API client: `Token token=` auth, the pinned API version, links.next pages."""
from __future__ import annotations

import time

import requests

from conn import config, legacy


class Crewtide:
    def __init__(self):
        self.base, self.key = config.crewtide_url(), config.crewtide_key()
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={self.key}",
                                     "X-Api-Version": config.CREWTIDE_API_VERSION,
                                     "Accept": "application/vnd.api+json",
                                     "Content-Type": "application/vnd.api+json"})
        self._field_id: str | None = None

    def _send(self, method: str, url: str, **kw) -> dict:
        for _ in range(6):
            r = self.session.request(method, url, timeout=30, **kw)
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After") or 2))
                continue
            r.raise_for_status()
            return r.json()
        r.raise_for_status()
        return r.json()

    def walk(self, path: str, params: dict | None = None):
        """Yield (record, included by (type, id)) for every record of a list."""
        doc = self._send("GET", self.base + path, params={**(params or {}), "page[size]": 30})
        while True:
            included = {(x["type"], x["id"]): x for x in doc.get("included") or []}
            for rec in doc.get("data") or []:
                yield rec, included
            nxt = (doc.get("links") or {}).get("next")
            if not nxt:
                return
            doc = self._send("GET", nxt)

    def hires(self) -> list[tuple[dict, dict]]:
        """(job application, candidate) for every hired application."""
        out = []
        for app, inc in self.walk("/v1/job-applications", {"filter[status]": "hired", "include": "candidate"}):
            ref = app["relationships"]["candidate"]["data"]
            out.append((app, inc[(ref["type"], ref["id"])]))
        return out

    def field_id(self) -> str:
        if self._field_id is None:
            for f, _ in self.walk("/v1/custom-fields"):
                if f["attributes"]["api-name"] == config.SCREENING_FIELD:
                    self._field_id = f["id"]
        return self._field_id

    def set_screening(self, candidate: dict, value: str) -> None:
        current = (candidate["attributes"].get("custom-fields") or {}).get(config.SCREENING_FIELD)
        if current == value:
            return
        if current is None:
            self._send("POST", self.base + "/v1/custom-field-values", json={"data": {
                "type": "custom-field-values", "attributes": {"value": value},
                "relationships": {"candidate": {"data": {"type": "candidates", "id": candidate["id"]}},
                                  "custom-field": {"data": {"type": "custom-fields", "id": self.field_id()}}}}})
        else:
            legacy.update_candidate(self.base, self.key, candidate["id"], {"custom-fields": {config.SCREENING_FIELD: value}})
        candidate["attributes"].setdefault("custom-fields", {})[config.SCREENING_FIELD] = value
