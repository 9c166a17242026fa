"""Datasets: deterministic per (dataset, seed), different across seeds, with the planted
records the seed module documents."""
from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest

from vendors.kit.app import context_of
from vendors.talentforge import seed as seed_module

from .helpers import Api, make_app


def _digest(api: Api) -> str:
    tables = api.dump()
    return hashlib.sha256(json.dumps(tables, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("dataset,seed", [("small", 1), ("hospital-1400", 7), ("group", 179), ("halvard", 109)])
def test_same_dataset_and_seed_give_identical_dumps(dataset, seed):
    api = Api(make_app(dataset, seed))
    first = _digest(api)
    api.post("/api/v2/candidates", {"first_name": "Noise", "last_name": "Write"})
    api.control("reset", {"dataset": "small", "seed": 99})
    api.control("reset", {"dataset": dataset, "seed": seed})
    assert _digest(api) == first
    other = Api(make_app(dataset, seed))  # another app instance, same bytes
    assert _digest(other) == first
    api.control("reset", {"dataset": dataset, "seed": seed + 1})
    assert _digest(api) != first


def test_large_seeds_with_exact_counts():
    api = Api(make_app("small"))
    r = api.control("reset", {"dataset": "large", "seed": 1})
    assert r["tables"]["candidates"] == 5000 and r["tables"]["applications"] == 8000
    assert r["tables"]["requisitions"] == 400


@pytest.fixture(scope="module")
def fab():
    api = Api(make_app("fab-600", 3))
    return api, context_of(api.app).db.dump()


def test_fab_is_deterministic(fab):
    api, first = fab
    api.control("reset", {"dataset": "fab-600", "seed": 3})
    assert context_of(api.app).db.dump() == first


def _named(dump, table):
    names = [c["name"] for c in dump[table]["columns"]]
    return [dict(zip(names, row)) for row in dump[table]["rows"]]


def test_common_plants_mixed_case_emails_missing_managers_and_ties(fab):
    api, dump = fab
    reqs, apps, cands = (_named(dump, t) for t in ("requisitions", "applications", "candidates"))
    assert len(reqs) == 600 and len(apps) > 40500  # > 400 pages at limit 100
    assert all(r["req_code"].startswith("TSM-FAB-") for r in reqs)
    assert sum(1 for r in reqs if r["hm_email"] is None) == 15  # i % 40 == 17 of 600
    assert any(r["hm_email"] and r["hm_email"] != r["hm_email"].lower() for r in reqs)
    assert sum(1 for c in cands if c["email"] != c["email"].lower()) == len([s for s in range(1, 12001) if s % 9 == 4])
    assert {r["status"] for r in reqs} == {"OPEN", "PAUSED", "FILLED", "CLOSED"}
    req_ties = Counter(r["updated_at"] for r in reqs).most_common(1)[0]
    app_ties = Counter(a["updated_at"] for a in apps).most_common(1)[0]
    assert req_ties[1] == 45 and app_ties[1] == 120
    assert {a["status"] for a in apps if a["updated_at"] == app_ties[0]} == {"rejected"}
    now = api.ctx.now().isoformat()
    assert all(a["created_at"] <= a["updated_at"] for a in apps)
    assert max(a["updated_at"] for a in apps) <= now.replace("+00:00", "")
    by_id = {c["id"]: c for c in cands}
    assert all(a["candidate_email"] == by_id[a["candidate_id"]]["email"] for a in apps)


def _rows(api, table):
    return api.rows(table)


def test_hospital_plants_exact_statuses():
    api = Api(make_app("hospital-1400", 7))
    apps = _rows(api, "applications")
    assert len(apps) == 1400
    assert Counter(a["status"] for a in apps) == {"active": 1010, "offer": 102, "rejected": 178,
                                                  "withdrawn": 62, "hired": 48}
    assert Counter(a["updated_at"] for a in apps).most_common(1)[0][1] == 60
    items, pages = api.walk("/api/v2/applications?status=active,offer", limit=100)
    assert len(items) == 1112 and pages == 12
    last = api.get("/api/v2/applications?status=active,offer&limit=100")
    while "cursor" in last.json:
        last = api.get(f"/api/v2/applications?cursor={last.json['cursor']}&limit=100")
    assert len(last.json["items"]) == 12


def test_group_plants_scope_shared_emails_and_long_note_threads():
    api = Api(make_app("group", 179))
    reqs = {r["id"]: r for r in _rows(api, "requisitions")}
    apps, cands = _rows(api, "applications"), _rows(api, "candidates")
    in_scope = {i for i, r in reqs.items() if r["cc_code"].startswith("GRF-")}
    assert len(in_scope) == 64 and sum(1 for r in reqs.values() if r["cc_code"] == "GRFN-OPS") == 2
    in_apps = [a for a in apps if a["requisition_id"] in in_scope]
    out_apps = [a for a in apps if a["requisition_id"] not in in_scope]
    assert len(in_apps) == 1300 and len(out_apps) == 520
    inside = {a["candidate_id"] for a in in_apps}
    assert len(inside) == 900 and len({a["candidate_id"] for a in out_apps} & inside) == 40
    emails_in = {c["email"].lower() for c in cands if c["id"] in inside}
    outside_only = [c for c in cands if c["id"] not in inside]
    assert len(outside_only) == 360 and sum(1 for c in outside_only if c["email"].lower() in emails_in) == 25
    notes = Counter(n["candidate_id"] for n in _rows(api, "candidate_notes"))
    heavy = [c for c, n in notes.items() if n > 20]
    assert len(heavy) == 30 and set(heavy) <= inside


def test_group_lite_plants_scope_shared_emails_and_long_note_threads():
    api = Api(make_app("group-lite", 179))
    reqs = {r["id"]: r for r in _rows(api, "requisitions")}
    apps, cands = _rows(api, "applications"), _rows(api, "candidates")
    in_scope = {i for i, r in reqs.items() if r["cc_code"].startswith("GRF-")}
    assert len(reqs) == 20 and len(in_scope) == 12
    assert sum(1 for r in reqs.values() if r["cc_code"] == "GRFN-OPS") == 1
    in_apps = [a for a in apps if a["requisition_id"] in in_scope]
    out_apps = [a for a in apps if a["requisition_id"] not in in_scope]
    assert len(in_apps) == 56 and len(out_apps) == 24
    inside = {a["candidate_id"] for a in in_apps}
    assert len(inside) == 40 and len({a["candidate_id"] for a in out_apps} & inside) == 4
    emails_in = {c["email"].lower() for c in cands if c["id"] in inside}
    outside_only = [c for c in cands if c["id"] not in inside]
    assert len(outside_only) == 14 and sum(1 for c in outside_only if c["email"].lower() in emails_in) == 5
    notes = Counter(n["candidate_id"] for n in _rows(api, "candidate_notes"))
    heavy = [c for c, n in notes.items() if n > 20]
    assert len(heavy) == 2 and set(heavy) <= inside


def test_halvard_has_no_internal_candidates():
    api = Api(make_app("halvard", 109))
    cands = _rows(api, "candidates")
    assert len(cands) == 500 and not any(c["source"] == "internal" for c in cands)
    assert not any((c["external_id"] or "").startswith("KS-") for c in cands)
    assert sum(1 for c in cands if (c["external_id"] or "").startswith("AGY-")) == 50
    assert len(_rows(api, "applications")) == 800


def test_every_vendor_dataset_has_a_builder():
    assert set(seed_module.DATASETS) == set(make_app().extensions["ib"].traits.datasets)


def test_halvard_runs_with_short_tokens_and_search_lag():
    api = Api(make_app("halvard", 109))
    assert api.mint().json["expires_in"] == 30  # fired: the tenant's tokens live 30 s
    new = api.post("/api/v2/candidates", {"first_name": "Lag", "last_name": "Probe", "external_id": "KS-PROBE"})
    assert new.status_code == 201
    assert api.get("/api/v2/candidates?external_id=KS-PROBE").json["items"] == []  # fired: search trails writes
    api.control("clock", {"advance_s": 4})
    assert len(api.get("/api/v2/candidates?external_id=KS-PROBE").json["items"]) == 1
    api.control("reset", {"dataset": "halvard", "seed": 109})
    assert api.mint().json["expires_in"] == 30  # a reset seeds the settings again
    small = Api(make_app("small", 1))  # silent on the other datasets
    assert small.mint().json["expires_in"] == 60
    small.post("/api/v2/candidates", {"first_name": "No", "last_name": "Lag", "external_id": "NL-1"})
    assert len(small.get("/api/v2/candidates?external_id=NL-1").json["items"]) == 1


def test_brisa_parent_precreates_brisa_requisitions_and_overlapping_people():
    """migrate-07: the nine BRW-REQ requisitions without applications, listed after the parent's
    own; five parent people whose e-mails Brisa's Quarry has, each with more than a notes page."""
    from vendors.quarry.seed import BRISA_OVERLAP
    api = Api(make_app("brisa-parent", 151))
    reqs, apps = _rows(api, "requisitions"), _rows(api, "applications")
    brw = [r for r in reqs if r["req_code"].startswith("BRW-REQ-")]
    assert sorted(r["req_code"] for r in brw) == [f"BRW-REQ-{i:02d}" for i in range(1, 10)]
    assert all(r["status"] == "OPEN" for r in brw) and len(reqs) == 39
    assert not {a["requisition_id"] for a in apps} & {r["id"] for r in brw}
    first = api.get("/api/v2/requisitions?requisitionCode=BRW-REQ-03&limit=5").json["items"][0]
    assert first["req_code"].startswith("VNT-")  # the documented filter name filters nothing
    cands = _rows(api, "candidates")
    overlap = {e for _, e in BRISA_OVERLAP}
    shared = [c for c in cands if c["email"].lower() in overlap]
    assert len(shared) == 5 and all(c["email"] != c["email"].lower() for c in shared)
    notes = Counter(n["candidate_id"] for n in _rows(api, "candidate_notes"))
    assert all(notes[c["id"]] > 20 for c in shared)
    page = api.get(f"/api/v2/candidates/{shared[0]['id']}/notes?limit=100").json
    assert len(page["items"]) == 20 and "cursor" in page
