"""StaffLine's own mechanics, each shown firing and staying silent: the signature window on
the vendor clock, `updated_since`/`since` in epoch seconds, the tombstone feed with cascades,
offsets shifting under deletions, frozen Closed placements, ids never reused."""
from __future__ import annotations

import time
from email.utils import parsedate_to_datetime

from .conftest import signature

DAY_MS = 86_400_000


# --- signature window judged on the vendor clock --------------------------------------------

def test_host_clock_signature_expires_when_the_vendor_runs_ahead(sl):
    sl.control("clock", {"host_offset_s": 420})  # StaffLine 7 min ahead of the host
    r = sl.get("/v1/placements?count=1", ts=int(time.time()))
    assert r.status_code == 401 and r.json["error"]["code"] == "signature_expired"
    assert "Date header" in r.json["error"]["message"]
    vendor_now = parsedate_to_datetime(r.headers["Date"]).timestamp()
    assert 415 < vendor_now - time.time() < 425
    # calibrated from the Date header, the same request is served
    assert sl.get("/v1/placements?count=1", ts=int(vendor_now)).status_code == 200
    # a write signed on the host clock is refused and changes nothing
    p = sl.get("/v1/placements?count=1").json["data"][0]
    r = sl.patch(f"/v1/placements/{p['id']}", {"pay_rate": "1.00"}, ts=int(time.time()))
    assert r.status_code == 401 and sl.get(f"/v1/placements/{p['id']}").json["data"] == p


def test_vendor_clock_behind_the_host_expires_too(sl):
    sl.control("clock", {"host_offset_s": -310})
    r = sl.get("/v1/jobs?count=1", ts=int(time.time()))
    assert r.status_code == 401 and r.json["error"]["code"] == "signature_expired"


def test_small_skew_inside_the_window_is_silent(sl):
    for offset in (0, 290, -290):
        sl.control("clock", {"host_offset_s": offset})
        assert sl.get("/v1/jobs?count=1", ts=int(time.time())).status_code == 200, offset


def test_date_header_on_every_response(sl):
    sl.control("clock", {"set": "2026-07-01T12:00:00Z", "freeze": True})
    for r in (sl.get("/v1/jobs"), sl.get("/v1/jobs/99999"), sl.get("/v1/jobs", sign=False),
              sl.client.get("/v1/jobs"), sl.get("/v1/jobs?count=999")):
        assert r.headers["Date"] == "Wed, 01 Jul 2026 12:00:00 GMT"


# --- updated_since and since are epoch SECONDS --------------------------------------------------

def _edit_two_candidates(sl):
    sl.control("clock", {"advance_s": 3600})
    sl.mutate({"op": "update", "table": "candidates", "ids": [4, 9], "values": {"city": "Reno"}})
    return [c for c in sl.walk("/v1/candidates") if c["id"] in (4, 9)]


def test_updated_since_in_seconds_returns_the_changes_inclusively(sl):
    edited = _edit_two_candidates(sl)
    watermark_ms = min(c["updated_at"] for c in edited)
    since_s = watermark_ms // 1000
    got = sl.get(f"/v1/candidates?updated_since={since_s}").json
    assert got["total"] == 2 and [c["id"] for c in got["data"]] == [4, 9]
    # inclusive at second resolution: the boundary second is included, the next is not
    assert sl.get(f"/v1/candidates?updated_since={max(c['updated_at'] for c in edited) // 1000 + 1}").json["total"] == 0
    assert sl.get("/v1/candidates?updated_since=0").json["total"] == 50


def test_updated_since_in_milliseconds_is_silently_empty(sl):
    edited = _edit_two_candidates(sl)
    watermark_ms = min(c["updated_at"] for c in edited)
    for path in ("/v1/candidates", "/v1/jobs", "/v1/applications", "/v1/placements"):
        r = sl.get(f"{path}?updated_since={watermark_ms}")
        assert r.status_code == 200 and r.json == {"data": [], "start": 0, "count": 0, "total": 0}, path
    # even absurd values are a far-future filter, not an error
    assert sl.get("/v1/candidates?updated_since=" + "9" * 25).json["total"] == 0


def test_updated_since_on_every_list(sl):
    sl.control("clock", {"advance_s": 86400})
    now_s = sl.vendor_now()
    sl.mutate({"op": "update", "table": "jobs", "id": 2, "values": {"status": "filled"}},
              {"op": "update", "table": "applications", "id": 3, "values": {"status": "interview"}},
              {"op": "update", "table": "placements", "id": 5, "values": {"pay_rate": "30.00"}})
    for path, rid in (("/v1/jobs", 2), ("/v1/applications", 3), ("/v1/placements", 5)):
        got = sl.get(f"{path}?updated_since={now_s}").json
        assert [r["id"] for r in got["data"]] == [rid], path


# --- tombstones and cascades ----------------------------------------------------------------

def _candidate_with_placement(sl):
    p = sl.get("/v1/placements?count=1").json["data"][0]
    return p["candidate_id"]


def test_deleting_a_candidate_cascades_and_tombstones_each_record(sl):
    cid = _candidate_with_placement(sl)
    apps = sl.get(f"/v1/applications?candidate_id={cid}").json["data"]
    pls = [p for p in sl.walk("/v1/placements") if p["candidate_id"] == cid]
    assert apps and pls
    sl.control("clock", {"advance_s": 120})
    since = sl.vendor_now()
    total_before = sl.get("/v1/deleted").json["total"]
    sl.mutate({"op": "delete", "table": "candidates", "id": cid})

    r = sl.get(f"/v1/candidates/{cid}")
    assert r.status_code == 404 and r.json["error"]["code"] == "record_deleted"
    assert sl.get(f"/v1/applications?candidate_id={cid}").json["total"] == 0
    assert all(p["candidate_id"] != cid for p in sl.walk("/v1/placements"))

    feed = sl.get(f"/v1/deleted?since={since}").json
    want = ([("application", a["id"]) for a in apps] + [("placement", p["id"]) for p in pls]
            + [("candidate", cid)])
    assert [(e["type"], e["id"]) for e in feed["data"]] == want and feed["total"] == len(want)
    assert all(e["deleted_at"] // 1000 >= since for e in feed["data"])
    assert sl.get("/v1/deleted").json["total"] == total_before + len(want)
    # the feed is the tombstones table of the dump (what criteria read)
    tail = sl.table("tombstones")[-len(want):]
    assert [(t["type"], t["record_id"]) for t in tail] == want
    # type filter, and a since given in ms (the trap) matches nothing
    assert [e["id"] for e in sl.get(f"/v1/deleted?since={since}&type=candidate").json["data"]] == [cid]
    assert sl.get(f"/v1/deleted?since={since * 1000}").json["total"] == 0


def test_deleting_a_job_cascades(sl):
    p = sl.get("/v1/placements?count=1").json["data"][0]
    job_apps = sl.get(f"/v1/applications?job_id={p['job_id']}&count=200").json["data"]
    since = sl.vendor_now()
    sl.mutate({"op": "delete", "table": "jobs", "id": p["job_id"]})
    types = [e["type"] for e in sl.get(f"/v1/deleted?since={since}").json["data"]]
    assert types[-1] == "job" and types.count("application") == len(job_apps) and "placement" in types
    assert sl.get(f"/v1/placements/{p['id']}").json["error"]["code"] == "record_deleted"


def test_deleting_a_placement_only(sl):
    p = sl.get("/v1/placements?count=1").json["data"][0]
    since = sl.vendor_now()
    apps_before = sl.get("/v1/applications").json["total"]
    sl.mutate({"op": "delete", "table": "placements", "id": p["id"]})
    assert [(e["type"], e["id"]) for e in sl.get(f"/v1/deleted?since={since}").json["data"]] == [("placement", p["id"])]
    assert sl.get("/v1/applications").json["total"] == apps_before
    assert sl.get(f"/v1/candidates/{p['candidate_id']}").status_code == 200


def test_updates_leave_no_tombstones(sl):
    since = sl.vendor_now()
    sl.mutate({"op": "update", "table": "candidates", "id": 2, "values": {"status": "inactive"}},
              {"op": "update", "table": "placements", "id": 2, "values": {"bill_rate": "99.995"}})
    assert sl.get(f"/v1/deleted?since={since}").json == {"data": [], "start": 0, "count": 0, "total": 0}


def test_deleted_feed_pages_with_start_count_total(sl):
    sl.reset("legal-2k", 4)
    first = sl.get("/v1/deleted?start=0&count=100").json
    assert first["total"] > 200 and len(first["data"]) == 100
    everything = sl.walk("/v1/deleted")
    assert len(everything) == first["total"] and everything[:100] == first["data"]
    assert [e["deleted_at"] for e in everything] == sorted(e["deleted_at"] for e in everything)


# --- offsets shift under deletions (harden-01) ----------------------------------------------

def _walk_ids(sl, path, count):
    ids, start = [], 0
    while True:
        body = sl.get(f"{path}?start={start}&count={count}").json
        ids += [r["id"] for r in body["data"]]
        start += count
        if start >= body["total"]:
            return ids


def test_a_deletion_mid_walk_shifts_later_records_back_one_offset(sl):
    all_ids = [p["id"] for p in sl.walk("/v1/placements")]
    victim = all_ids[2]  # on the first page
    sl.control("config", {"settings": {"scheduled_mutations": [
        {"on": {"method": "GET", "path": "/v1/placements"}, "nth": 2,
         "ops": [{"op": "delete", "table": "placements", "id": victim},
                 {"op": "create", "table": "placements", "values": {"candidate_id": 1, "job_id": 1}}]}]}})
    walked = _walk_ids(sl, "/v1/placements", 5)
    live = [p["id"] for p in sl.walk("/v1/placements")]
    skipped = set(live) - set(walked)
    assert skipped == {all_ids[5]}  # moved onto the page already read
    assert live[-1] == max(all_ids) + 1 and live[-1] in walked  # the insertion shows at the end
    assert victim in walked and victim not in live


def test_an_undisturbed_walk_sees_every_record_once(sl):
    walked = _walk_ids(sl, "/v1/placements", 5)
    assert walked == [p["id"] for p in sl.walk("/v1/placements")] and len(walked) == len(set(walked))


def test_scheduled_drift_after_n_requests(sl):
    sl.reset("amberline-3k", 61)
    ids = [p["id"] for p in sl.get("/v1/placements?count=200").json["data"]]
    sl.control("config", {"settings": {"scheduled_mutations": [
        {"after_requests": 2 + i, "ops": [{"op": "delete", "table": "placements", "id": ids[10 + i]}]}
        for i in range(5)]}})
    for _ in range(6):
        sl.get("/v1/jobs?count=1")
    assert sl.get("/v1/placements?count=1").json["total"] == 2995
    assert len(sl.table("control_log")) == 5


# --- Closed placements and ids -------------------------------------------------------------

def test_closed_placement_refuses_any_patch_but_others_accept(sl):
    sl.reset("nurses-300", 11)
    pls = sl.walk("/v1/placements")
    closed = [p for p in pls if p["status"] == "Closed"]
    active = [p for p in pls if p["status"] == "Active"]
    for p in closed[:3]:
        r = sl.patch(f"/v1/placements/{p['id']}", {"end_date": p["end_date"] + 7 * DAY_MS})
        assert r.status_code == 409 and r.json["error"]["code"] == "placement_closed"
    r = sl.patch(f"/v1/placements/{active[0]['id']}", {"end_date": active[0]["end_date"] + 7 * DAY_MS})
    assert r.status_code == 200


def test_created_records_get_fresh_ids_and_defaults(sl):
    top = max(p["id"] for p in sl.walk("/v1/placements"))
    sl.mutate({"op": "delete", "table": "placements", "id": top})
    res = sl.mutate({"op": "create", "table": "placements",
                     "values": {"candidate_id": 3, "job_id": 2, "end_date": 1790726400000}})
    new_id = res["results"][0]["ids"][0]
    assert new_id == top + 1  # the deleted id is not reused
    p = sl.get(f"/v1/placements/{new_id}").json["data"]
    job = sl.get("/v1/jobs/2").json["data"]
    assert p["client_code"] == job["client_code"] and p["status"] == "Active"
    assert p["end_date"] == 1790726400000 and p["external_ref"].startswith("ASN-")
    assert p["start_date"] == sl.vendor_now() // 86400 * DAY_MS
    res = sl.mutate({"op": "create", "table": "applications", "values": {"candidate_id": 3, "job_id": 2}})
    a = sl.get(f"/v1/applications/{res['results'][0]['ids'][0]}").json["data"]
    assert a["status"] == "new" and a["applied_at"] == a["updated_at"]
