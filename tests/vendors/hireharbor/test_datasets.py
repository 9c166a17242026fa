"""HireHarbor's datasets: determinism, sizes, planted records, seeding speed."""
from __future__ import annotations


from .helpers import Api, make_app


def test_same_dataset_and_seed_dump_identically_and_another_seed_differs():
    a, b = Api(make_app()), Api(make_app())
    assert a.dump()["tables"] == b.dump()["tables"]
    b.reset("small", 2)
    assert a.dump()["tables"]["candidates"] != b.dump()["tables"]["candidates"]
    a.reset("small", 2)
    assert a.dump()["tables"] == b.dump()["tables"]


def test_small_has_its_planted_records(ro_api):
    users = ro_api.walk("/v1/users")
    assert len(users) == 12 and users[1]["role"] == "integration" and users[-1]["disabled"]
    cands = ro_api.walk("/v1/candidates")
    assert len(cands) == 48  # 50 minus the two merged
    assert any(not (c["first_name"] + c["last_name"]).isascii() for c in cands)
    assert ro_api.get("/v1/candidates/49").json["merged_into"] == 2
    stages = ro_api.get("/v1/jobs/1/stages").json
    assert [s["name"] for s in stages] == ["Application Review", "Recruiter Screen", "Committee Review",
                                           "Face to Face", "Campus Visit", "Offer"]
    apps = ro_api.walk("/v1/applications")
    assert {a["status"] for a in apps} == {"active", "rejected", "hired"}
    assert not [a for a in apps if a["candidate_id"] in (49, 50)]


def test_large_seeds_and_pages_by_link():
    api = Api(make_app())
    state = api.reset("large", 1)
    assert state["tables"]["candidates"] == 5000 and state["tables"]["users"] == 40
    r = api.get("/v1/candidates?per_page=100&page=2")
    assert len(r.json) == 100 and r.json[0]["id"] == 101
    assert 'page=50&per_page=100>; rel="last"' in r.headers["Link"]


def test_task_datasets_plant_what_their_docstrings_promise():
    from vendors.hireharbor.seed_tasks import calder_chairs, helix_candidate_ids

    api = Api(make_app())
    api.reset("calder-1", 9)
    page2 = api.get("/v1/users?page=2").json
    chairs = {uid: email for _, uid, email in calder_chairs()}
    assert {u["id"]: u["email"] for u in page2 if u["id"] in chairs} == chairs
    page1 = {u["id"]: u for u in api.get("/v1/users").json}  # namesakes of two chairs, by name only
    assert (page1[17]["name"], page1[17]["email"]) == ("Tobias Rennard", "t.rennard@calder.example")
    assert (page1[33]["name"], page1[33]["email"]) == ("Wei Lindqvist", "wei.lindqvist.33@calder.example")
    apps = api.walk("/v1/applications?job_id=3")
    names = [(a["current_stage"]["name"], a["status"]) for a in apps]
    assert names.count(("Committee Review", "active")) == 8 and names.count(("Campus Visit", "active")) == 2
    assert {a["current_stage"]["id"] for a in apps} <= set(range(11, 16))

    api.reset("film-crew", 13)
    c1 = api.get("/v1/candidates/1").json
    assert (c1["first_name"], c1["last_name"]) == ("Zoë", "Ångström")
    assert api.get("/v1/jobs/3").json["department"] == "Sound" and api.get("/v1/applications/1").json["job_id"] == 3
    assert all(a["status"] == "active" for a in api.walk("/v1/applications")[:40])

    api.reset("skyguard", 163)
    apps = api.walk("/v1/applications")
    assert all(a["current_stage"]["name"] == "Offer" for a in apps[:60])
    assert sum(1 for a in apps[48:57] if "bg_completed_on" not in a["custom_fields"]) == 9
    assert any("/" in a["custom_fields"].get("bg_completed_on", "") for a in apps[:18])

    api.reset("helix", 167)
    from vendors.hireharbor.seed_tasks import helix_merges
    ids = [c["id"] for c in api.walk("/v1/candidates")]
    losers = {loser for _, loser in helix_merges(167)}
    assert len(losers) == 3 and 717 in losers
    assert ids == [x for x in helix_candidate_ids(167) if x not in losers] and 417 in ids
    for winner, loser in helix_merges(167):
        r = api.get(f"/v1/candidates/{loser}")
        assert r.status_code == 301 and r.json["merged_into"] == winner
        w = api.get(f"/v1/candidates/{winner}").json
        assert len(w["emails"]) == 2

    api.reset("apotek-jobs", 131)
    reqs = {j["custom_fields"]["requisition_id"] for j in api.walk("/v1/jobs")}
    assert len(reqs) == 56 and "AV-117" not in reqs and "AV-118" in reqs
    assert api.walk("/v1/candidates") == [] and api.walk("/v1/applications") == []  # no pilot here

    # apotek-pilot (migrate-03 v2): apotek-jobs plus the pilot's 12 candidates and applications
    import random as _random
    from vendors.jobsmith.seed_tasks import apotek_plan
    from vendors.hireharbor.seed_tasks import apotek_pilot_rows

    api.reset("apotek-pilot", 131)
    assert {j["custom_fields"]["requisition_id"] for j in api.walk("/v1/jobs")} == reqs
    cands, apps = api.walk("/v1/candidates"), api.walk("/v1/applications")
    rows = apotek_pilot_rows(131)
    assert len(cands) == 12 and len(apps) == 12 == len(rows)
    plan = apotek_plan(_random.Random("jobsmith:apotek:131"))
    mail = {p["person"]: p["email"] for p in plan["people"]}
    assert {c["emails"][0].lower() for c in cands} == {mail[r["person"]] for r in rows}
    assert any(c["emails"][0] != c["emails"][0].lower() for c in cands)  # as the pilot typed them
    assert {a["job_id"] for a in apps} == {11, 29, 43}  # AV-111, AV-130, AV-146
    assert all(a["applied_at"].startswith("2026-01-01T15:1") for a in apps)  # the import time
    assert sorted(a["current_stage"]["name"] for a in apps if a["status"] == "active").count("Application Review") == 7
    assert [a["rejection_reason"] for a in apps if a["status"] == "rejected"] == ["Withdrew"]
    # left out: e-mail-less records and records after the pilot's day on the pilot's jobs
    later = [r for r in plan["records"] if r["person"] and r["job_id"] in (11, 30, 46) and r not in rows]
    assert any(not r["email"].strip() for r in later) and any(r["days_ago"] < 60 for r in later)
    assert api.reset("coop", 71)["tables"]["candidates"] == 1200
    from vendors.workwell.seed import DAIRY_RETURNING

    cands = {c["id"]: c for c in api.walk("/v1/candidates")}
    assert cands[7]["emails"] == [DAIRY_RETURNING[0][2]] and cands[25]["emails"] == [DAIRY_RETURNING[3][2]]
    assert cands[19]["emails"][1] == DAIRY_RETURNING[2][2].title()
    apps = {(a["candidate_id"], a["job_id"]) for a in api.walk("/v1/applications")}
    assert (7, 1) in apps and (13, 3) in apps and not any(c in (19, 25) for c, _ in apps)
    assert [j["custom_fields"]["requisition_id"] for j in api.walk("/v1/jobs")] == \
        ["MDC-HLW", "MDC-BRK", "MDC-MDW", "MDC-RDG"]
    assert api.get("/v1/users/2").json["email"] == "bridge@meadowlark.example"


def test_every_dataset_is_deterministic():
    from bundle.traits import load_traits

    a, b = Api(make_app()), Api(make_app())
    for ds in load_traits("hireharbor").datasets:
        if ds == "large":
            continue
        a.reset(ds, 5)
        b.reset(ds, 5)
        assert a.dump()["tables"] == b.dump()["tables"], ds
