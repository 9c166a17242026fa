# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide API access: JSON:API documents, a pinned X-Api-Version, 429s waited out."""
from __future__ import annotations

import time

import requests

from conn.config import Settings

API_VERSION = "20250115"
JSONAPI = "application/vnd.api+json"


class CrewtideError(RuntimeError):
    def __init__(self, resp: requests.Response):
        self.response = resp
        super().__init__(f"{resp.request.method} {resp.url}: {resp.status_code} {resp.text[:300]}")


class Crewtide:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.crewtide_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Token token={settings.crewtide_key}",
                                     "X-Api-Version": API_VERSION, "Accept": JSONAPI})

    def _send(self, method: str, url: str, **kw) -> requests.Response:
        for attempt in range(10):
            try:
                resp = self.session.request(method, url, timeout=self.timeout, **kw)
            except requests.RequestException:
                if method != "GET":
                    raise  # a write whose answer was lost: the next run finds it by lookup
                time.sleep(1 + attempt)
                continue
            if resp.status_code == 429:
                time.sleep(float(resp.headers.get("Retry-After") or 1))
                continue
            if resp.status_code >= 500 and method == "GET":
                time.sleep(1 + attempt)
                continue
            if resp.status_code >= 400:
                raise CrewtideError(resp)
            return resp
        raise RuntimeError(f"Crewtide {method} {url} kept failing")

    def walk(self, path: str, params: dict | None = None) -> tuple[list[dict], list[dict]]:
        """Every record of a list (and its included records), following links.next."""
        data, included = [], []
        resp = self._send("GET", self.base + path, params=dict(params or {}, **{"page[size]": 30}))
        while True:
            doc = resp.json()
            data.extend(doc["data"])
            included.extend(doc.get("included") or [])
            nxt = (doc.get("links") or {}).get("next")
            if not nxt:
                return data, included
            resp = self._send("GET", nxt if nxt.startswith("http") else self.base + nxt)

    def create(self, type_: str, attributes: dict, relationships: dict | None = None) -> dict:
        body = {"data": {"type": type_, "attributes": attributes}}
        if relationships:
            body["data"]["relationships"] = relationships
        return self._send("POST", f"{self.base}/v1/{type_}", json=body,
                          headers={"Content-Type": JSONAPI}).json()["data"]

    def update(self, type_: str, id_: str, attributes: dict, relationships: dict | None = None) -> dict:
        body = {"data": {"type": type_, "id": str(id_), "attributes": attributes}}
        if relationships:
            body["data"]["relationships"] = relationships
        return self._send("PATCH", f"{self.base}/v1/{type_}/{id_}", json=body,
                          headers={"Content-Type": JSONAPI}).json()["data"]

    def get(self, path: str) -> dict:
        """One record (`/v1/<type>/<id>`)."""
        return self._send("GET", self.base + path).json()["data"]


def link(type_: str, id_) -> dict:
    return {"data": {"type": type_, "id": str(id_)}}
