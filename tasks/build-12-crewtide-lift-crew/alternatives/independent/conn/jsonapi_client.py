# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide over httpx, version 20240301; a list is read page by page up to meta.page-count."""
from __future__ import annotations

import os
import time

import httpx

VERSION = "20240301"


class Client:
    def __init__(self):
        self.http = httpx.Client(base_url=os.environ["CREWTIDE_BASE_URL"].rstrip("/"), timeout=30.0,
                                 headers={"Authorization": f'Token token="{os.environ["CREWTIDE_API_KEY"]}"',
                                          "X-Api-Version": VERSION})

    def page(self, path: str, number: int, **params) -> dict:
        q = {**params, "page[number]": number, "page[size]": 30}
        while True:
            r = self.http.get(path, params=q)
            if r.status_code == 429:
                time.sleep(float(r.headers.get("retry-after", "1")) + 0.1)
                continue
            r.raise_for_status()
            return r.json()

    def every(self, path: str, **params):
        """(data, included) of every page."""
        n, pages = 1, 1
        while n <= pages:
            doc = self.page(path, n, **params)
            pages = int((doc.get("meta") or {}).get("page-count") or 1)
            yield doc.get("data") or [], doc.get("included") or []
            n += 1
