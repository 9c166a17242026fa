# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide over httpx, version 20240301 on every call; the screening field is written through
the custom-field-values resource (POST when the nurse has none, PATCH by value id)."""
from __future__ import annotations

import time

import httpx

from conn import config


class Crewtide:
    def __init__(self):
        self.base = config.crewtide_url()
        self.http = httpx.Client(timeout=30, headers={
            "Authorization": f"Token token={config.crewtide_key()}", "X-Api-Version": config.CREWTIDE_API_VERSION,
            "Accept": "application/vnd.api+json", "Content-Type": "application/vnd.api+json"})
        self.field_id = None

    def call(self, method: str, url: str, **kw) -> dict:
        for attempt in range(10):
            r = self.http.request(method, url, **kw)
            if r.status_code == 429 or (r.status_code >= 500 and method == "GET"):
                time.sleep(float(r.headers.get("Retry-After") or 1 + attempt))
                continue
            if r.status_code >= 400:
                raise RuntimeError(f"Crewtide {method} {url}: {r.status_code} {r.text[:200]}")
            return r.json()
        raise RuntimeError(f"Crewtide {method} {url}: gave up")

    def pages(self, path: str, params: dict):
        doc = self.call("GET", self.base + path, params={**params, "page[size]": "30"})
        while True:
            yield doc
            nxt = (doc.get("links") or {}).get("next")
            if not nxt:
                break
            doc = self.call("GET", nxt)

    def screening_field(self) -> str:
        if self.field_id is None:
            for doc in self.pages("/v1/custom-fields", {}):
                for f in doc["data"]:
                    if f["attributes"]["api-name"] == "screening-status":
                        self.field_id = f["id"]
        return self.field_id

    def nurses(self) -> dict[str, dict]:
        """candidate id -> {first, last, email} for every candidate with a hired application."""
        out = {}
        for doc in self.pages("/v1/job-applications", {"filter[status]": "hired", "include": "candidate"}):
            people = {x["id"]: x for x in doc.get("included") or [] if x["type"] == "candidates"}
            for app in doc["data"]:
                cid = app["relationships"]["candidate"]["data"]["id"]
                a = people[cid]["attributes"]
                out[cid] = {"first_name": a["first-name"], "last_name": a["last-name"], "email": a["email"]}
        return out

    def screening_values(self) -> dict[str, tuple[str, str]]:
        """candidate id -> (value id, value) of the screening field."""
        field, out = self.screening_field(), {}
        for doc in self.pages("/v1/custom-field-values", {}):
            for v in doc["data"]:
                if v["relationships"]["custom-field"]["data"]["id"] == field:
                    out[v["relationships"]["candidate"]["data"]["id"]] = (v["id"], v["attributes"]["value"])
        return out

    def write_screening(self, candidate_id: str, existing: tuple[str, str] | None, value: str) -> None:
        if existing is None:
            self.call("POST", self.base + "/v1/custom-field-values", json={"data": {
                "type": "custom-field-values", "attributes": {"value": value},
                "relationships": {"candidate": {"data": {"type": "candidates", "id": candidate_id}},
                                  "custom-field": {"data": {"type": "custom-fields", "id": self.screening_field()}}}}})
        else:
            self.call("PATCH", f"{self.base}/v1/custom-field-values/{existing[0]}", json={"data": {
                "type": "custom-field-values", "id": existing[0], "attributes": {"value": value}}})
