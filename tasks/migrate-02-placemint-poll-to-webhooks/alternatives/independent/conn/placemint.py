# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Placemint client: Bearer key, JSON, Retry-After on 429, retries of 5xx and network errors.

Retries re-send the exact same request, including its `Idempotency-Key`, so a retried POST is
never carried out twice."""
import time

import requests

from conn import config

_session = requests.Session()


def request(method: str, path: str, params: dict | None = None, json: dict | None = None,
            headers: dict | None = None) -> dict:
    resp = None
    for attempt in range(8):
        try:
            resp = _session.request(method, config.base_url() + path, params=params, json=json, timeout=30,
                                    headers={"Authorization": f"Bearer {config.api_key()}", **(headers or {})})
        except (requests.ConnectionError, requests.Timeout):
            if attempt == 7:
                raise
            time.sleep(min(2 ** attempt, 30))
            continue
        if resp.status_code == 429 or resp.status_code >= 500:
            try:
                wait = float(resp.headers.get("Retry-After") or 0)
            except ValueError:
                wait = 0
            time.sleep(max(wait, min(2 ** attempt, 30) if resp.status_code >= 500 else 1))
            continue
        resp.raise_for_status()
        return resp.json()
    if resp is not None:
        resp.raise_for_status()
    raise RuntimeError(f"{method} {path}: giving up")


def list_all(path: str, params: dict) -> list[dict]:
    """Every item of a list, page by page (100 at a time)."""
    items = []
    for page in pages(path, params):
        items += page
    return items


def pages(path: str, params: dict):
    """One walk through a list, yielding each page's items as it is read."""
    offset = 0
    while True:
        page = request("GET", path, params={**params, "limit": 100, "offset": offset})
        data = page.get("data") or []
        yield data
        offset += len(data)
        if not page.get("has_more") or not data:
            return
