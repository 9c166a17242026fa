"""Scoutly's signature mechanic with a real client: one list call in flight at a time. With the
`enforce_list_concurrency` setting the served vendor itself refuses a second list call while the
first is in flight (429 `concurrency_limit`, `X-RateLimit-Concurrent-*`); in a run the recorder
enforces the same cap from vendor.yaml."""
from __future__ import annotations

import threading
import time

import httpx
import pytest

from vendors.kit.serve import serve_in_thread

from .helpers import KEY, NONCE, TOKEN, make_app


@pytest.fixture(scope="module")
def served():
    v = serve_in_thread("scoutly", make_app())
    yield v
    v.stop()


def _client(v):
    return httpx.Client(base_url=v.base_url, headers={"X-SmartToken": KEY, "X-IB-Via": NONCE}, timeout=10,
                        trust_env=False)


def _config(v, **settings):
    r = httpx.post(f"{v.base_url}/_control/config", json={"settings": settings},
                   headers={"X-Control-Token": TOKEN}, trust_env=False)
    assert r.status_code == 200, r.text


def test_second_list_call_in_flight_is_refused(served):
    _config(served, enforce_list_concurrency=True, list_latency_ms=400)
    results = {}

    def slow_walker():
        with _client(served) as c:
            results["first"] = c.get("/v1/candidates", params={"limit": 100})

    t = threading.Thread(target=slow_walker)
    t.start()
    time.sleep(0.15)  # the first list call is now in flight
    with _client(served) as c:
        second = c.get("/v1/applications", params={"limit": 100, "offset": 0})
        single = c.get("/v1/jobs/00000000-0000-4000-8000-000000000000")  # not a list call: not capped
    t.join()
    assert results["first"].status_code == 200 and results["first"].json()["totalFound"] == 50
    assert second.status_code == 429
    assert second.json()["code"] == "concurrency_limit"
    assert second.headers["X-RateLimit-Concurrent-Limit"] == "1"
    assert second.headers["X-RateLimit-Concurrent-Remaining"] == "0"
    assert second.headers["Retry-After"] == "1"
    assert single.status_code == 404
    # once the first call is done, a list call goes through
    with _client(served) as c:
        again = c.get("/v1/applications", params={"limit": 100})
    assert again.status_code == 200 and again.headers["X-RateLimit-Concurrent-Limit"] == "1"


def test_four_threads_mostly_refused_sequential_walk_fine(served):
    _config(served, enforce_list_concurrency=True, list_latency_ms=200)
    statuses = []

    def fetch(offset):
        with _client(served) as c:
            statuses.append(c.get("/v1/candidates", params={"limit": 10, "offset": offset}).status_code)

    threads = [threading.Thread(target=fetch, args=(o,)) for o in (0, 10, 20, 30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses.count(200) >= 1 and statuses.count(429) >= 1
    _config(served, list_latency_ms=0)
    with _client(served) as c:
        seen = []
        for offset in range(0, 50, 10):
            r = c.get("/v1/candidates", params={"limit": 10, "offset": offset})
            assert r.status_code == 200
            seen += r.json()["content"]
    assert len({x["id"] for x in seen}) == 50


def test_not_enforced_by_default(served):
    _config(served, enforce_list_concurrency=False, list_latency_ms=200)
    statuses = []

    def fetch():
        with _client(served) as c:
            statuses.append(c.get("/v1/jobs").status_code)

    threads = [threading.Thread(target=fetch) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses == [200, 200, 200]
    _config(served, list_latency_ms=0)
