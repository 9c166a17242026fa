"""Cursor pages: the cursor key is absent on the last page, the walk is stable under edits,
updated_since is inclusive at one-second resolution, and bad page parameters are 400s."""
from __future__ import annotations

import base64
import json

from .helpers import Api, make_app


def test_walk_ends_on_a_page_without_a_cursor_key(api):
    items, pages = api.walk("/api/v2/applications", limit=7)
    total = len(api.rows("applications"))
    assert len(items) == total == len({i["id"] for i in items}) and pages == -(-total // 7)
    last = api.get("/api/v2/applications?limit=100")  # everything fits: one page, no cursor
    assert last.status_code == 200 and "cursor" not in last.json and len(last.json["items"]) == total
    first = api.get("/api/v2/applications?limit=7")
    assert isinstance(first.json["cursor"], str) and first.json["cursor"]  # silent: a cursor while more remain


def test_order_is_updated_at_then_id(api):
    items, _ = api.walk("/api/v2/candidates", limit=9)
    keys = [(i["updated_at"], i["id"]) for i in items]
    assert keys == sorted(keys)


def test_limit_and_cursor_validation(api):
    for bad in ("0", "101", "abc", "-1"):
        r = api.get(f"/api/v2/requisitions?limit={bad}")
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid_parameter", bad
    for bad in ("%%%", "bm90LWpzb24", base64.urlsafe_b64encode(b'{"e":"requisitions","k":[1,2],"f":{}}').decode()):
        r = api.get(f"/api/v2/requisitions?cursor={bad}")
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid_cursor", bad
    other = api.get("/api/v2/candidates?limit=2").json["cursor"]
    r = api.get(f"/api/v2/requisitions?cursor={other}")
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid_cursor"
    for bad in ("yesterday", "2026-03-02T09:00:00", "0000-01-01T00:00:00+01:00"):
        r = api.get(f"/api/v2/applications?updated_since={bad}")
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid_parameter", bad
    r = api.get("/api/v2/applications?status=open")
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid_parameter"


def test_cursor_carries_the_filters_of_the_first_request(api):
    first = api.get("/api/v2/applications?status=rejected,withdrawn&limit=3")
    cursor = first.json["cursor"]
    state = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    assert state["f"] == {"status:app": "rejected,withdrawn"}
    rest = api.get(f"/api/v2/applications?cursor={cursor}&limit=100").json["items"]
    assert {i["status"] for i in first.json["items"] + rest} <= {"rejected", "withdrawn"}
    want = [r for r in api.rows("applications") if r["status"] in ("rejected", "withdrawn")]
    assert len(first.json["items"]) + len(rest) == len(want)


def test_status_filter_comma_and_repeated(api):
    a = {i["id"] for i in api.walk("/api/v2/applications?status=active,offer")[0]}
    b = {i["id"] for i in api.walk("/api/v2/applications?status=active&status=offer")[0]}
    want = {r["id"] for r in api.rows("applications") if r["status"] in ("active", "offer")}
    assert a == b == want
    reqs = api.walk("/api/v2/requisitions?status=open,paused")[0]
    assert {r["status"] for r in reqs} <= {"OPEN", "PAUSED"}


def test_walk_is_stable_when_records_change_mid_walk(api):
    first = api.get("/api/v2/candidates?limit=10")
    seen_early = first.json["items"][0]["id"]
    # another user edits an already-seen candidate and creates a new one during the walk
    api.mutate({"op": "update", "table": "candidates", "id": seen_early, "values": {"phone": "+44 1"}},
               {"op": "create", "table": "candidates", "values": {"first_name": "New", "last_name": "Person"}})
    items = first.json["items"]
    r = first
    while "cursor" in r.json:
        r = api.get(f"/api/v2/candidates?limit=10&cursor={r.json['cursor']}")
        items += r.json["items"]
    ids = [i["id"] for i in items]
    assert set(ids) == {c["id"] for c in api.rows("candidates")}  # nothing lost, the new one included
    assert ids.count(seen_early) == 2 and items[-1]["id"] in (seen_early, ids[-1])
    assert [i for i in items if i["id"] == seen_early][-1]["phone"] == "+44 1"


def test_updated_since_is_inclusive_at_one_second_and_bulk_edits_share_the_second():
    api = Api(make_app())
    api.control("clock", {"set": "2026-03-02T10:00:00.700Z", "freeze": True})
    reqs = [r["id"] for r in api.rows("requisitions")][:6]
    # a bulk edit: every record gets the same whole second
    api.mutate({"op": "update", "table": "requisitions", "ids": reqs, "values": {"status": "PAUSED"}})
    api.control("clock", {"advance_s": 0.2})  # 10:00:00.900 — same second, later write
    api.mutate({"op": "update", "table": "applications", "limit": 5, "values": {"stage": "interview"}})
    stamps = {r["updated_at"] for r in api.rows("requisitions") if r["id"] in reqs}
    assert stamps == {"2026-03-02T10:00:00.000000"}
    # fired: >= T returns the whole tie, a fraction in the parameter is dropped
    got = api.walk("/api/v2/requisitions?updated_since=2026-03-02T10:00:00Z")[0]
    assert sorted(r["id"] for r in got) == sorted(reqs) and {r["updated_at"] for r in got} == {"2026-03-02T10:00:00Z"}
    got = api.walk("/api/v2/requisitions?updated_since=2026-03-02T10:00:00.999Z")[0]
    assert len(got) == 6
    assert len(api.walk("/api/v2/applications?updated_since=2026-03-02T11:00:00%2B01:00")[0]) == 5
    # silent: a strict watermark (the next second) sees none of the tie
    assert api.walk("/api/v2/requisitions?updated_since=2026-03-02T10:00:01Z")[0] == []
