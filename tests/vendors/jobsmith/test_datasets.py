"""Jobsmith's datasets: deterministic, the right sizes, the planted records, fast to seed."""
from __future__ import annotations

import json

from .helpers import Api, make_app


def test_same_dataset_and_seed_dump_byte_identical():
    a, b = Api(make_app()), Api(make_app())

    def raw(api):
        return json.dumps(api.dump()["tables"], sort_keys=True).encode()

    assert raw(a) == raw(b)
    a.reset("small", 2)
    assert raw(a) != raw(b)
    b.reset("small", 2)
    assert raw(a) == raw(b)
    for ds in ("large", "empty", "harvest-300", "nurseries", "figtree", "figtree-slips", "apotek"):
        a.reset(ds, 3)
        b.reset(ds, 3)
        assert raw(a) == raw(b), ds


def test_small_plants_what_its_docstring_promises(ro_api):
    apps = ro_api.rows("applicants")
    assert len(apps) == 50 and [a["id"] for a in apps if a["hidden"]] == [9, 18, 27, 36, 45]
    links = ro_api.rows("applicants2jobs")
    assert [x["applicant_id"] for x in links if x["job_id"] == 5] == [3]
    assert [x["applicant_id"] for x in links if x["job_id"] == 6] == [4, 5]
    hires = ro_api.rows("hires")
    hired = {(x["applicant_id"], x["job_id"]) for x in links if x["status"] == "Hired"}
    assert {(h["applicant_id"], h["job_id"]) for h in hires} == hired


def test_large_seeds_and_empty_has_no_applicants(api):
    out = api.reset("large", 1)
    assert out["tables"]["applicants"] == 5000 and out["tables"]["jobs"] == 40
    out = api.reset("empty", 1)
    assert out["tables"]["applicants"] == 0 and out["tables"]["jobs"] == 6
    assert api.get("/v1/applicants").json == []


def test_harvest_300_plants_short_pages_a_singleton_page_and_cutoff_dates():
    from vendors.jobsmith.seed_tasks import CUTOFF_EVE, CUTOFF_MORNING, WITHDRAWN

    api = Api(make_app(DATASET="harvest-300", SEED=2, CLOCK="2026-09-03T16:00:00Z"))
    items, lengths = api.walk("/v1/applicants")
    assert lengths == [90, 90, 90, 1, 0] and len(items) == 271
    assert isinstance(api.get("/v1/applicants/page/4").json, dict)  # the last page is an object
    assert isinstance(api.get("/v1/applicants?job_id=4").json, dict)  # the one-applicant job
    by_id = {a["id"]: a for a in items}
    assert {by_id[i]["apply_date"] for i in CUTOFF_EVE} == {"2026-08-31"}
    assert {by_id[i]["apply_date"] for i in CUTOFF_MORNING} == {"2026-09-01"}
    utc_days = {r["id"]: r["applied_at"][:10] for r in api.rows("applicants")}
    assert {utc_days[i] for i in CUTOFF_EVE} == {"2026-09-01"}  # UTC would shift them a day
    withdrawn, _ = api.walk("/v1/applicants", "status=Withdrawn")
    assert sorted(a["id"] for a in withdrawn) == WITHDRAWN
    lead, _ = api.walk("/v1/applicants", "job_id=3")
    assert len(lead) == 15
    # the crew-lead application has its own later date; four of them cross the cutoff
    crossing = [a["id"] for a in lead if a["apply_date"] <= "2026-08-31" < a["job_apply_date"]]
    assert len(crossing) == 4 and all(a["apply_date"] <= a["job_apply_date"] for a in lead)


def test_unfiltered_job_list_leaves_filled_and_closed_jobs_out():
    # firing: harvest-300's Harvest Crew Lead job is Filled
    api = Api(make_app(DATASET="harvest-300", SEED=2, CLOCK="2026-09-03T16:00:00Z"))
    assert [j["id"] for j in api.get("/v1/jobs").json] == [1, 2, 4]
    assert api.get("/v1/jobs?status=Filled").json["id"] == 3  # one match: an object
    assert api.get("/v1/jobs/3").json["status"] == "Filled"
    assert api.get("/v1/jobs?internal_code=HV-L").json == []
    # large: every 8th job is Closed; listed only with ?status=Closed
    api = Api(make_app(DATASET="large", SEED=1))
    listed, _ = api.walk("/v1/jobs")
    closed, _ = api.walk("/v1/jobs", "status=Closed")
    assert [j["id"] for j in closed] == [8, 16, 24, 32, 40]
    assert {j["id"] for j in listed} == set(range(1, 41)) - {8, 16, 24, 32, 40}
    # silent: every nursery job is Open, all twelve are listed
    api = Api(make_app(DATASET="nurseries", SEED=3))
    assert [j["id"] for j in api.get("/v1/jobs").json] == list(range(1, 13))


def test_nurseries_plants_fourteen_offers_with_one_note_each():
    from vendors.jobsmith.seed_tasks import OFFERS

    api = Api(make_app(DATASET="nurseries", SEED=3))
    offers, _ = api.walk("/v1/applicants", "status=Offer")
    assert sorted(a["id"] for a in offers) == OFFERS
    note = api.get(f"/v1/applicants/{OFFERS[0]}/notes").json
    assert isinstance(note, dict) and note["contents"] == "Offer made, pending checks."
    single = api.get("/v1/applicants?job_id=12&status=Offer").json
    assert isinstance(single, dict) and single["id"] == OFFERS[-1]
    assert api.get("/v1/jobs/12").json["internal_code"] == "LA-NUR-12"


def test_figtree_plants_a_lone_location_a_filled_only_location_and_local_hire_dates():
    api = Api(make_app(DATASET="figtree", SEED=41, CLOCK="2026-05-18T13:00:00Z"))
    hires, _ = api.walk("/v1/hires")
    assert len(hires) == 26 and [h["id"] for h in hires] == list(range(1, 27))
    assert isinstance(api.get("/v1/hires?location=New Rochelle").json, dict)  # the one hire there
    assert len(api.get("/v1/hires?location=Stamford").json) == 2
    listed = {j["city"] for j in api.get("/v1/jobs").json}
    assert "Stamford" not in listed and "New Rochelle" in listed  # Stamford's only job is Filled
    assert api.get("/v1/jobs?status=Filled").json["city"] == "Stamford"
    late = [h for h in api.rows("hires") if h["hired_at"].startswith("2026-05-09T02:40")]
    assert len(late) == 1 and [h["hire_date"] for h in hires if h["id"] == late[0]["id"]] == ["2026-05-08"]
    hired, _ = api.walk("/v1/applicants", "status=Hired")
    assert sorted(a["id"] for a in hired) == sorted(h["applicant_id"] for h in hires)


def test_figtree_slips_adds_two_withdrawn_hires_at_stamford_and_keeps_the_rest():
    plain = Api(make_app(DATASET="figtree", SEED=41, CLOCK="2026-05-18T13:00:00Z"))
    api = Api(make_app(DATASET="figtree-slips", SEED=41, CLOCK="2026-05-18T13:00:00Z"))
    hires, _ = api.walk("/v1/hires")
    assert len(hires) == 28 and [h["id"] for h in hires] == list(range(1, 29))
    dates = [h["hire_date"] for h in hires]
    assert dates == sorted(dates)
    assert isinstance(api.get("/v1/hires?location=New Rochelle").json, dict)
    stamford = api.get("/v1/hires?location=Stamford").json
    assert len(stamford) == 4
    links = {(x["applicant_id"], x["job_id"]): x["status"] for x in api.rows("applicants2jobs")}
    slips = [h for h in hires if links[(h["applicant_id"], h["job_id"])] != "Hired"]
    assert [(h["id"], h["job_id"], h["hire_date"]) for h in slips] == [(20, 7, "2026-04-16"), (27, 7, "2026-05-14")]
    assert all(links[(h["applicant_id"], h["job_id"])] == "Withdrawn" for h in slips)
    real = [h for h in hires if h not in slips]
    assert [(h["applicant_id"], h["job_id"], h["hire_date"]) for h in real] == [
        (h["applicant_id"], h["job_id"], h["hire_date"]) for h in plain.walk("/v1/hires")[0]]
    # each slip's applicant is hired elsewhere, and listed as Hired once
    hired, _ = api.walk("/v1/applicants", "status=Hired")
    assert sorted(a["id"] for a in hired) == sorted(h["applicant_id"] for h in real)
    for h in slips:
        jobs = {j["job_id"]: j["status"] for j in api.get(f"/v1/applicants/{h['applicant_id']}").json["jobs"]}
        assert jobs[7] == "Withdrawn" and list(jobs.values()).count("Hired") == 1


def test_apotek_plants_repeat_applicants_short_pages_and_unlisted_jobs():
    import random
    import re

    from vendors.jobsmith.seed_tasks import APOTEK_HIDDEN, apotek_plan

    api = Api(make_app(DATASET="apotek", SEED=131, CLOCK="2026-12-02T15:00:00Z"))
    rows = api.rows("applicants")
    assert sum(r["hidden"] for r in rows) == APOTEK_HIDDEN
    items, lengths = api.walk("/v1/applicants")
    assert len(lengths) == 3 and lengths[0] < 100 and lengths[1] > 0 and lengths[2] == 0  # short mid-stream
    assert len(items) == len(rows) - APOTEK_HIDDEN
    # Filled and Closed jobs are left out of the unfiltered list; every job is reachable by id
    listed = {j["id"] for j in api.walk("/v1/jobs")[0]}
    assert listed == {j for j in range(1, 61) if j % 5 in (3, 4)}
    assert api.get("/v1/jobs/61").json["internal_code"] is None
    assert api.get("/v1/jobs/17").json["internal_code"] == "AV-117"
    plan = apotek_plan(random.Random("jobsmith:apotek:131"))
    recs = [r for r in plan["records"] if r["person"]]
    assert len(recs) == len(items)
    by_person = {}
    for r in recs:
        by_person.setdefault(r["person"], []).append(r)
    assert all(len({r["job_id"] for r in rs}) == len(rs) for rs in by_person.values())  # never twice on a job
    assert sum(1 for r in recs if r["status"] == "Hired") == len(api.rows("hires"))
    no_mail = [r for r in recs if not r["email"]]
    assert 0.05 < len(no_mail) / len(recs) < 0.15 and {3, 4} <= {r["person"] for r in no_mail}
    p1, p2 = plan["people"][0], plan["people"][1]
    assert p1["last_name"] == p2["last_name"] and p1["digits"] == p2["digits"] and p1["email"] != p2["email"]
    digits = {re.sub(r"\D", "", r["phone"]) for r in by_person[5]}
    assert len(digits) == 1
    statuses = {x["status"] for x in api.rows("applicants2jobs")}
    assert statuses == {"New", "Interview", "Hired", "Rejected"}
    shown = {a["id"]: a["apply_date"] for a in items}
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", d) for d in shown.values())
