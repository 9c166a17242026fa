"""Workwell's `paging.next` over real HTTP: the app served by waitress, a plain urllib client
following each full URL as given until the last page (what a connector does through the proxy)."""
from __future__ import annotations

import json
import urllib.request

from vendors.kit.serve import serve_in_thread

from .helpers import BASE, KEY, NONCE, make_app


def _get(url: str) -> dict:
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {KEY}", "X-IB-Via": NONCE})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def test_a_real_client_follows_paging_next_over_http():
    app = make_app()
    served = serve_in_thread("workwell", app)
    try:
        everything = _get(f"{served.base_url}{BASE}/candidates?limit=100")["candidates"]
        url, seen, pages = f"{served.base_url}{BASE}/candidates?limit=9", [], 0
        while url:
            assert url.startswith(served.base_url)  # built from the Host the client used
            body = _get(url)
            seen += [c["id"] for c in body["candidates"]]
            url = (body.get("paging") or {}).get("next")
            pages += 1
        assert seen == [c["id"] for c in everything] and pages == 6
    finally:
        served.stop()
