# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide over JSON:API, pinned to version 20240301 (first-name/last-name), paced by its
X-Rate-Limit-* headers (and 429 Retry-After when it happens anyway)."""
from __future__ import annotations

import time

import requests

from conn.config import Settings

VERSION = "20240301"
MEDIA = "application/vnd.api+json"


class ApiError(Exception):
    def __init__(self, r: requests.Response):
        super().__init__(f"{r.request.method} {r.url} -> {r.status_code}: {r.text[:200]}")
        self.status = r.status_code


class Crewtide:
    def __init__(self, settings: Settings):
        self.base = settings.crewtide_url
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f'Token token="{settings.crewtide_key}"',
                               "X-Api-Version": VERSION, "Accept": MEDIA, "Content-Type": MEDIA})
        self.pause_until = 0.0

    def _call(self, method: str, url: str, body: dict | None = None) -> dict:
        while True:
            wait = self.pause_until - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            try:
                r = self.s.request(method, url, json=body, timeout=20)
            except requests.RequestException:
                if method == "GET":
                    time.sleep(1)
                    continue
                raise
            remaining = r.headers.get("X-Rate-Limit-Remaining")
            if remaining is not None and int(remaining) <= 1:
                self.pause_until = time.monotonic() + float(r.headers.get("X-Rate-Limit-Reset", "1")) + 0.2
            if r.status_code == 429:
                self.pause_until = time.monotonic() + float(r.headers.get("Retry-After", "2"))
                continue
            if r.status_code >= 500 and method == "GET":
                time.sleep(1)
                continue
            if r.status_code >= 400:
                raise ApiError(r)
            return r.json()

    def list(self, path: str, params: dict[str, str]) -> tuple[list[dict], list[dict]]:
        req = requests.Request("GET", self.base + path, params=dict(params, **{"page[size]": "30"})).prepare()
        url, data, inc = req.url, [], []
        while url:
            doc = self._call("GET", url)
            data += doc["data"]
            inc += doc.get("included", [])
            url = doc.get("links", {}).get("next")
            if url and url.startswith("/"):
                url = self.base + url
        return data, inc

    def post(self, type_: str, attributes: dict, relationships: dict | None = None) -> dict:
        data = {"type": type_, "attributes": attributes}
        if relationships:
            data["relationships"] = relationships
        return self._call("POST", f"{self.base}/v1/{type_}", {"data": data})["data"]

    def patch(self, type_: str, id_: str, attributes: dict, relationships: dict | None = None) -> dict:
        data = {"type": type_, "id": id_, "attributes": attributes}
        if relationships:
            data["relationships"] = relationships
        return self._call("PATCH", f"{self.base}/v1/{type_}/{id_}", {"data": data})["data"]


def ref(type_: str, id_: str) -> dict:
    return {"data": {"type": type_, "id": str(id_)}}
