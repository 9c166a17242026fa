# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Jobsmith API v1: the key in the `apikey` query parameter, lists in pages of 100
(`/hires`, `/hires/page/2`, ...), JSON in, form-encoded writes (we write nothing)."""
from __future__ import annotations

import time
from typing import Iterator

import requests

PAGE_SIZE = 100


class JobsmithError(RuntimeError):
    pass


class Jobsmith:
    def __init__(self, base_url: str, api_key: str, timeout: float = 30.0):
        self.root = f"{base_url.rstrip('/')}/v1"
        self.key = api_key
        self.http = requests.Session()
        self.timeout = timeout

    def get(self, path: str, params: dict | None = None):
        query = dict(params or {}, apikey=self.key)
        for attempt in range(6):
            try:
                r = self.http.get(f"{self.root}{path}", params=query, timeout=self.timeout)
            except requests.RequestException as exc:
                if attempt == 5:
                    raise JobsmithError(f"GET {path}: {exc}") from exc
                time.sleep(2 ** attempt)
                continue
            if r.status_code == 429 or r.status_code >= 500:
                time.sleep(float(r.headers.get("Retry-After") or 2 ** attempt))
                continue
            if r.status_code != 200:
                raise JobsmithError(f"GET {path}: HTTP {r.status_code} {r.text[:200]}")
            return r.json()
        raise JobsmithError(f"GET {path}: gave up after retries")

    def pages(self, path: str, params: dict | None = None) -> Iterator[dict]:
        """Every record of a list: page 1 is the plain path, then /page/2, /page/3, ..."""
        n = 1
        while True:
            body = self.get(path if n == 1 else f"{path}/page/{n}", params)
            if not body:
                return
            for item in body:
                if isinstance(item, dict):
                    yield item
            if len(body) < PAGE_SIZE:
                return
            n += 1

    def job(self, job_id: int) -> dict:
        return self.get(f"/jobs/{job_id}")

    def applicant(self, applicant_id: int) -> dict:
        return self.get(f"/applicants/{applicant_id}")
