# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Placemint client: Bearer key, JSON, Retry-After on 429."""
import time

import requests

from conn import config

_session = requests.Session()


def request(method: str, path: str, params: dict | None = None, json: dict | None = None,
            headers: dict | None = None) -> dict:
    for attempt in range(6):
        resp = _session.request(method, config.base_url() + path, params=params, json=json, timeout=30,
                                headers={"Authorization": f"Bearer {config.api_key()}", **(headers or {})})
        if resp.status_code == 429 or resp.status_code >= 500:
            time.sleep(float(resp.headers.get("Retry-After") or 2 ** attempt))
            continue
        resp.raise_for_status()
        return resp.json()
    resp.raise_for_status()
    raise RuntimeError(f"{method} {path}: giving up")


def list_all(path: str, params: dict) -> list[dict]:
    """Every item of a list, page by page (100 at a time)."""
    items, offset = [], 0
    while True:
        page = request("GET", path, params={**params, "limit": 100, "offset": offset})
        items += page["data"]
        offset += len(page["data"])
        if not page["has_more"] or not page["data"]:
            return items
