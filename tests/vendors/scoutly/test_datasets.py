"""Scoutly datasets: deterministic (same dataset and seed → byte-identical dump), fast, and
with the planted records the tasks rely on."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from .helpers import Api, make_app


@pytest.fixture(scope="module")
def api():
    return Api(make_app())


def _dump_bytes(api, dataset, seed):
    api.reset(dataset, seed)
    return json.dumps(api.dump()["tables"], sort_keys=True).encode()


@pytest.mark.parametrize("dataset", ["small", "hotels-18", "vantage"])
def test_same_seed_same_bytes_other_seed_other_bytes(api, dataset):
    a, b = _dump_bytes(api, dataset, 7), _dump_bytes(api, dataset, 7)
    assert a == b
    assert _dump_bytes(api, dataset, 8) != a


def test_two_apps_agree(api):
    other = Api(make_app())
    assert _dump_bytes(api, "small", 3) == _dump_bytes(other, "small", 3)


def test_large_seeds_deterministically(api):
    api.reset("large", 1)
    counts = api.ok_control("health", method="GET")
    assert api.get("/v1/candidates").json["totalFound"] == 5000 and counts["dataset"] == "large"
    first = api.get("/v1/applications?limit=100&offset=4000").json["content"]
    api.reset("large", 1)
    assert api.get("/v1/applications?limit=100&offset=4000").json["content"] == first


def test_small_shape(api):
    api.reset("small", 1)
    cands, apps = api.rows("candidates"), api.rows("applications")
    assert len(cands) == 50 and len(api.rows("jobs")) == 6
    assert len({c["email"] for c in cands}) == 50
    assert len({(a["candidate_id"], a["job_id"]) for a in apps}) == len(apps)
    assert all(a["screening_answers"] for a in apps)
    assert {"HIRED", "NEW"} <= {a["status"] for a in apps}


def test_hotels_18(api):
    api.reset("hotels-18", 12)
    jobs = api.rows("jobs")
    assert len(jobs) == 36 and len({j["location_name"] for j in jobs}) == 18
    assert all(j["location_name"].startswith("Juniper Row ") for j in jobs)
    status = Counter(a["status"] for a in api.rows("applications"))
    assert status["HIRED"] == 90 and status["OFFERED"] == 60 and sum(status.values()) == 600


def test_voxline_arena_vantage_empty(api):
    api.reset("voxline-2500", 29)
    cands = api.rows("candidates")
    assert len(cands) == 2500 and all(c["external_id"].startswith("VOX-") for c in cands)
    by_created = [c["id"] for c in api.walk("/v1/candidates?sort=createdOn")][:100]
    by_updated = [c["id"] for c in api.walk("/v1/candidates?sort=updatedOn")][:100]
    assert by_created != by_updated
    api.reset("arena", 73)
    status = Counter(a["status"] for a in api.rows("applications"))
    assert status == {"HIRED": 540, "OFFERED": 180, "INTERVIEW": 120, "REJECTED": 60}
    api.reset("vantage", 173)
    assert len(api.rows("candidates")) == 300 and all(len(j["screening_questions"]) == 3 for j in api.rows("jobs"))
    api.reset("empty", 139)
    assert api.get("/v1/candidates").json["totalFound"] == 0 and api.rows("jobs") == []


def test_vantage_pilot_is_reproducible_outside_the_app(api):
    from vendors.scoutly.seed import vantage_pilot

    api.reset("vantage", 173)
    rows = sorted(api.rows("candidates"), key=lambda r: (r["created_at"], r["id"]))[:30]
    pilot = vantage_pilot(173)
    assert [p["email"] for p in pilot] == [r["email"] for r in rows]
    assert len(pilot) == 30


def test_arena_holds_a_pending_subscription_of_an_earlier_deployment(api):
    """harden-04: the debris subscription is listed first, stays pending (nothing is delivered to
    it), and signs with a key of its own, not the account's webhook secret."""
    from tests.vendors.scoutly.helpers import WEBHOOK_SECRET

    api.reset("arena", 73)
    subs = api.get("/v1/subscriptions").json["content"]
    assert len(subs) == 1 and subs[0]["status"] == "pending"
    assert subs[0]["callbackUrl"].startswith("https://accreditation-old.")
    keys = api.get(f"/v1/subscriptions/{subs[0]['id']}/secret-keys").json["content"]
    assert len(keys) == 1 and keys[0]["secret"] != WEBHOOK_SECRET and keys[0]["status"] == "current"
    api.reset("arena", 73)
    assert api.get("/v1/subscriptions").json["content"][0]["id"] == subs[0]["id"]  # deterministic
    api.reset("small", 1)
    assert api.get("/v1/subscriptions").json["totalFound"] == 0


def test_emberton_pilot_holds_the_pilot_import(api):
    """migrate-05: the pilot's job (Workwell's first shortcode, no screening questions), three
    pilot applicants keyed by their Workwell id in status NEW, and another campaign's job."""
    from vendors.scoutly.seed import emberton_pilot_people

    api.reset("emberton-pilot", 139)
    job, people = emberton_pilot_people(139)
    jobs = {j["refNumber"]: j for j in api.walk("/v1/jobs")}
    assert set(jobs) == {job.shortcode, "EFR-CSA-2025"}
    assert jobs[job.shortcode]["screeningQuestions"] == [] and jobs[job.shortcode]["title"] == job.title
    cands = api.walk("/v1/candidates")
    assert len(cands) == 9
    keyed = {c["externalId"]: c for c in cands if c["externalId"]}
    assert set(keyed) == {format(p.id, "x") for p in people}
    assert [keyed[format(p.id, "x")]["email"] for p in people] == [p.email for p in people]
    apps = api.walk("/v1/applications")
    pilot_apps = [a for a in apps if a["jobId"] == jobs[job.shortcode]["id"]]
    assert len(pilot_apps) == 3 and all(a["status"] == "NEW" and a["screeningAnswers"] == [] for a in pilot_apps)
    # a re-created pilot job is refused with the existing id
    r = api.post("/v1/jobs", {"refNumber": job.shortcode, "title": job.title})
    assert r.status_code == 409 and r.json["existingId"] == jobs[job.shortcode]["id"]


def test_empty_holds_no_pilot(api):
    api.reset("empty", 139)
    assert api.walk("/v1/jobs") == [] and api.walk("/v1/candidates") == []


def test_vantage_70_is_the_weekend_move_source(api):
    """migrate-11 v1: 70 candidates, 4 kitchen jobs VK-1..4 with 3 questions, some people twice."""
    from vendors.scoutly.seed import vantage_pilot

    api.reset("vantage-70", 173)
    cands, apps, jobs = api.rows("candidates"), api.rows("applications"), api.rows("jobs")
    assert len(cands) == 70 and sorted(j["ref_number"] for j in jobs) == ["VK-1", "VK-2", "VK-3", "VK-4"]
    assert all(len(j["screening_questions"]) == 3 for j in jobs)
    assert 85 <= len(apps) <= 115 and all(len(a["screening_answers"]) == 3 for a in apps)
    rows = sorted(cands, key=lambda r: (r["created_at"], r["id"]))[:30]
    assert [p["email"] for p in vantage_pilot(173, dataset="vantage-70")] == [r["email"] for r in rows]


def test_hotels_18_signature_rebadge_under_way(api):
    """Firing: two hotels are moving to the Signature brand; their Front Desk job already
    carries the new name, their Housekeeping job not yet (20 names for 18 hotels)."""
    from vendors.scoutly.seed import signature_hotels

    api.reset("hotels-18-signature", 12)
    jobs = {j["ref_number"]: j for j in api.rows("jobs")}
    planted = signature_hotels(12)
    assert [(p["hk_ref"], p["new_name"]) for p in planted] == [("JR-04-HK", "Juniper Row Signature Bilbao"),
                                                              ("JR-16-HK", "Juniper Row Signature Tulsa")]
    assert len(jobs) == 36 and len({j["location_name"] for j in jobs.values()}) == 20
    for p in planted:
        assert jobs[p["fd_ref"]]["location_name"] == p["new_name"]
        assert jobs[p["hk_ref"]]["location_name"] == p["old_name"]
        assert jobs[p["fd_ref"]]["location_city"] == jobs[p["hk_ref"]]["location_city"]
    listed = {j["refNumber"]: j for j in api.walk("/v1/jobs")}
    assert listed["JR-04-FD"]["location"] == {"name": "Juniper Row Signature Bilbao", "city": "Bilbao"}
    hk = [a for a in api.rows("applications") if a["job_id"] == jobs["JR-04-HK"]["id"] and a["status"] == "HIRED"]
    assert len(hk) == 6  # the most HIRED of any Housekeeping job (ties by refNumber)


def test_hotels_18_signature_is_hotels_18_row_for_row(api):
    """Silent: hotels-18 is unchanged (18 names); the derived dataset differs from it only in the
    two planted Front Desk jobs' location name and updated stamp."""
    api.reset("hotels-18", 12)
    base = {t: api.rows(t) for t in ("jobs", "candidates", "applications")}
    assert len({j["location_name"] for j in base["jobs"]}) == 18
    assert not any("Signature" in (j["location_name"] or "") for j in base["jobs"])
    api.reset("hotels-18-signature", 12)
    derived = {t: api.rows(t) for t in ("jobs", "candidates", "applications")}
    assert derived["candidates"] == base["candidates"] and derived["applications"] == base["applications"]
    diff = [(b["ref_number"], sorted(k for k in b if b[k] != d[k])) for b, d in zip(base["jobs"], derived["jobs"])
            if b != d]
    assert diff == [("JR-04-FD", ["location_name", "updated_at"]), ("JR-16-FD", ["location_name", "updated_at"])]


def test_renaming_a_job_location_sends_job_updated_only(api):
    """A job's location edit (the scenario's rebadge) queues job.updated and nothing for the
    job's applications."""
    api.reset("hotels-18-signature", 12)
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "subscriptions",
                                       "values": {"callback_url": "http://127.0.0.1:9/h"}}]})
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "jobs", "where": {"ref_number": "JR-04-HK"},
                                       "values": {"location_name": "Juniper Row Signature Bilbao"}}]})
    out = api.ok_control("outbox", method="GET")["deliveries"]
    assert [d["event_type"] for d in out] == ["job.updated"]
    job = api.get("/v1/jobs?refNumber=JR-04-HK").json["content"][0]
    assert job["location"]["name"] == "Juniper Row Signature Bilbao"
