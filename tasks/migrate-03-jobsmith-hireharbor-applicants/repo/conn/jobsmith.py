# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Jobsmith API access, from our old weekly applicant export: the key goes in the `apikey`
query parameter."""
from __future__ import annotations

import os

import requests


class Jobsmith:
    def __init__(self) -> None:
        self.base = os.environ["JOBSMITH_BASE_URL"].rstrip("/")
        self.key = os.environ["JOBSMITH_API_KEY"]
        self.session = requests.Session()

    def get(self, path: str, **params):
        r = self.session.get(self.base + path, params={**params, "apikey": self.key}, timeout=30)
        r.raise_for_status()
        return r.json()

    def pages(self, path: str, **params):
        """Every row of a list (pages of 100; the docs: stop at a page with fewer than 100)."""
        n = 1
        while True:
            rows = self.get(path if n == 1 else f"{path}/page/{n}", **params)
            yield from rows
            if len(rows) < 100:
                return
            n += 1
