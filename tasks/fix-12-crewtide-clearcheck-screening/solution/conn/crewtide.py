# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide JSON:API client: `Token token=` auth, the pinned API version on every request,
links.next pages, 429s waited out."""
from __future__ import annotations

import time

import requests

from conn import config


class Crewtide:
    def __init__(self):
        self.base, self.key = config.crewtide_url(), config.crewtide_key()
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={self.key}",
                                     "X-Api-Version": config.CREWTIDE_API_VERSION,
                                     "Accept": "application/vnd.api+json",
                                     "Content-Type": "application/vnd.api+json"})

    def _send(self, method: str, url: str, **kw) -> dict:
        for _ in range(8):
            r = self.session.request(method, url, timeout=30, **kw)
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After") or 2) + 0.1)
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

    def hired_nurses(self) -> list[dict]:
        """Each candidate with a hired application, once (a nurse hired into two jobs is one person)."""
        out: dict[str, dict] = {}
        for app, inc in self.walk("/v1/job-applications", {"filter[status]": "hired", "include": "candidate"}):
            ref = app["relationships"]["candidate"]["data"]
            out.setdefault(ref["id"], inc[(ref["type"], ref["id"])])
        return list(out.values())

    def set_screening(self, candidate: dict, value: str) -> None:
        """Write the screening field through the `custom-fields` attribute of the pinned version
        (docs: versions, custom-fields); skipped when it already holds the value."""
        current = (candidate["attributes"].get("custom-fields") or {}).get(config.SCREENING_FIELD)
        if current == value:
            return
        doc = self._send("PATCH", f"{self.base}/v1/candidates/{candidate['id']}", json={"data": {
            "type": "candidates", "id": candidate["id"],
            "attributes": {"custom-fields": {config.SCREENING_FIELD: value}}}})
        shown = (doc["data"]["attributes"].get("custom-fields") or {}).get(config.SCREENING_FIELD)
        if shown != value:
            raise RuntimeError(f"Crewtide kept {shown!r} for candidate {candidate['id']} (wanted {value!r})")
        candidate["attributes"].setdefault("custom-fields", {})[config.SCREENING_FIELD] = value
