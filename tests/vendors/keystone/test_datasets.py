"""Keystone's datasets: determinism, sizes, planted records, seeding speed."""
from __future__ import annotations


from .helpers import P, Api, doc, fields, make_app, q


def test_same_dataset_and_seed_dump_identically_and_another_seed_differs():
    a, b = Api(make_app()), Api(make_app())
    assert a.dump()["tables"] == b.dump()["tables"]
    b.ok_control("reset", {"dataset": "small", "seed": 2})
    assert a.dump()["tables"]["employees"] != b.dump()["tables"]["employees"]
    a.ok_control("reset", {"dataset": "small", "seed": 2})
    assert a.dump()["tables"] == b.dump()["tables"]


def test_small_has_its_planted_records(ro_api):
    emps = [fields(e) for e in ro_api.xml(ro_api.get(f"{P}/employees?limit=200")).findall(q("Employee"))]
    assert len(emps) == 50 and {e["Status"] for e in emps} == {"pending", "active", "withdrawn"}
    one = emps[0]
    assert one["ExternalRef"] == "WW-10001" and one["Status"] == "pending" and one["StartDate"].startswith("03/")
    assert emps[1]["Status"] == "active" and emps[9]["ExternalRef"] is None
    items = ro_api.xml(ro_api.get(f"{P}/employees/1/onboarding-items")).findall(q("OnboardingItem"))
    assert [fields(i)["Title"] for i in items] == ["Sign contract", "Payroll details", "Building pass"]
    assert fields(ro_api.xml(ro_api.get(f"{P}/employees/7/internal-mobility")))["OpenToMove"] == "true"


def test_large_seeds_and_empty_is_empty():
    api = Api(make_app())
    api.ok_control("reset", {"dataset": "large", "seed": 1})
    assert api.xml(api.get(f"{P}/employees?limit=1")).get("total") == "5000"
    api.ok_control("reset", {"dataset": "empty", "seed": 1})
    assert api.xml(api.get(f"{P}/employees")).get("total") == "0"
    assert api.control("reset", {"dataset": "nope", "seed": 1}).status_code == 400


def test_task_datasets_have_their_plantings():
    api = Api(make_app(DATASET="ferrous", SEED=97))
    emps = [fields(e) for e in api.xml(api.get(f"{P}/employees?limit=200")).findall(q("Employee"))]
    assert len(emps) == 60 and [e["Status"] for e in emps].count("pending") == 40
    refs = [r["ref"] for r in api.rows("equipment")]
    assert refs and len(refs) == len(set(refs)) and refs[0] == "ISS-0001"
    api.ok_control("reset", {"dataset": "halvard-hr", "seed": 109})
    mob = api.rows("internal_mobility")
    assert len(mob) == 120 and [m["employee_id"] for m in mob if m["open_to_move"]] == list(range(4, 121, 4))
    emps = [fields(e) for e in api.xml(api.get(f"{P}/employees?limit=200")).findall(q("Employee"))]
    assert {e["Status"] for e in emps} == {"active"} and emps[0]["ExternalRef"] == "HB-1001"
    assert sum(int(e["StartDate"][:2]) <= 12 for e in emps) >= 48
    api.ok_control("reset", {"dataset": "city-hr", "seed": 15})
    root = api.xml(api.get(f"{P}/employees?limit=200"))
    assert root.get("total") == "40"
    assert api.xml(api.get(f"{P}/employees?externalRef=WREN-2001")).find(q("Employee")) is not None


def test_figtree_hr_holds_the_old_jobs_employees_keyed_to_jobsmith_figtree():
    from vendors.jobsmith.seed_tasks import figtree_plan

    api = Api(make_app(DATASET="figtree-hr", SEED=41))
    emps = [fields(e) for e in api.xml(api.get(f"{P}/employees?limit=200")).findall(q("Employee"))]
    assert len(emps) == 32
    ours = {e["ExternalRef"]: e for e in emps if (e["ExternalRef"] or "").startswith("JS-")}
    assert len(ours) == 20 and [e["Status"] for e in ours.values()].count("active") == 5
    hires = {f"JS-{h['applicant_id']}": h for h in figtree_plan()["hires"]}
    right = [r for r, e in ours.items() if e["StartDate"] == hires[r]["hire_date"].strftime("%d/%m/%Y")]
    assert sorted(hires[r]["hire_date"].isoformat() for r in right) == ["2026-03-12", "2026-04-08"]
    # 2026-04-09 was written 04/08/2026 by the old job: the 4th of August to Keystone
    r = next(r for r, h in hires.items() if h["hire_date"].isoformat() == "2026-04-09")
    assert ours[r]["StartDate"] == "04/08/2026"
    missing = {h["keystone"] for ref, h in hires.items() if ref not in ours}
    assert missing == {"skip422", "none"}


def test_alder_hr_items_carry_done_on_and_other_accounts_do_not():
    """Setting item_done_on (alder-hr, migrate-08): firing there (DoneOn served, accepted, cleared
    when a PUT leaves it out), silent on every other dataset (no element, ignored on write)."""
    api = Api(make_app())
    api.ok_control("reset", {"dataset": "alder-hr", "seed": 157})
    assert api.xml(api.get(f"{P}/employees")).get("total") == "0"
    r = api.post(f"{P}/employees", doc("Employee", FirstName="Ada", LastName="Okafor", StartDate="03/04/2026"))
    emp = r.headers["Location"]
    r = api.post(f"{emp}/onboarding-items", doc("OnboardingItem", Code="CONTRACT", Title="Sign", Status="done",
                                                 DoneOn="20/02/2026"))
    assert r.status_code == 201 and fields(api.xml(r))["DoneOn"] == "20/02/2026"
    assert api.rows("onboarding_items")[0]["done_on"] == "2026-02-20"
    r = api.put(r.headers["Location"], doc("OnboardingItem", Code="CONTRACT", Title="Sign", Status="open"),
                etag=r.headers["ETag"])
    assert r.status_code == 200 and api.xml(r).find(q("DoneOn")).get("nil") == "true"
    api.ok_control("reset", {"dataset": "empty", "seed": 157})
    r = api.post(f"{P}/employees", doc("Employee", FirstName="Ada", LastName="Okafor", StartDate="03/04/2026"))
    r = api.post(f"{r.headers['Location']}/onboarding-items", doc("OnboardingItem", Title="Sign", Status="done",
                                                                 DoneOn="20/02/2026"))
    assert r.status_code == 201 and "DoneOn" not in fields(api.xml(r))
    assert api.rows("onboarding_items")[0]["done_on"] is None


def test_city_hr_2_holds_the_hires_the_clerks_keyed_in_without_a_reference():
    """city-hr-2 (build-14 v2): firing there (six of Workwell city's hires already in Keystone,
    keyed by hand with no ExternalRef, two of them with day and month swapped), silent on city-hr
    (40 staff, every one with a WREN- reference)."""
    import datetime as dt

    from vendors.keystone.seed import CITY_CLERK_KEYED, workwell_city_hires
    from vendors.kit.clock import DEFAULT_BASE

    api = Api(make_app(DATASET="city-hr-2", SEED=15))
    emps = [fields(e) for e in api.xml(api.get(f"{P}/employees?limit=200")).findall(q("Employee"))]
    assert len(emps) == 46 and all(e["ExternalRef"].startswith("WREN-") for e in emps[:40])
    clerks = emps[40:]
    assert [e["ExternalRef"] for e in clerks] == [None] * 6
    assert [e["Status"] for e in clerks] == ["pending"] * 4 + ["active"] * 2
    hires = {h["email"]: h for h in workwell_city_hires(15, DEFAULT_BASE)}
    assert all(e["Email"] in hires for e in clerks)
    swapped = []
    for e in clerks:
        h = hires[e["Email"]]
        assert (e["FirstName"], e["LastName"], e["JobTitle"]) == (h["firstname"], h["lastname"], h["title"])
        if e["StartDate"] != h["start_date"].strftime("%d/%m/%Y"):
            assert dt.datetime.strptime(e["StartDate"], "%m/%d/%Y").date() == h["start_date"]
            swapped.append(e["Id"])
    assert swapped == ["42", "43", "46"] and len(CITY_CLERK_KEYED) == 6
    assert api.xml(api.get(f"{P}/employees?externalRef=WW-28f")).get("total") == "0"
    api.ok_control("reset", {"dataset": "city-hr", "seed": 15})
    emps = [fields(e) for e in api.xml(api.get(f"{P}/employees?limit=200")).findall(q("Employee"))]
    assert len(emps) == 40 and all(e["ExternalRef"].startswith("WREN-") for e in emps)
    assert not {e["Email"] for e in emps} & set(hires)


def test_ferrous_generates_harden_08s_issues_file_as_a_material():
    """`GET /_control/materials/issues.csv`: for seed 97 on the task's clock, the rows of the
    task's materials/issues.csv; for another seed the file names that seed's own items issued
    last month (serials 3 and 40, whoever holds them), the rest as written."""
    import csv
    from pathlib import Path

    api = Api(make_app())
    api.ok_control("reset", {"dataset": "ferrous", "seed": 97, "clock": "2026-06-01T07:00:00Z"})
    rows = api.ok_control("materials/issues.csv", method="GET")["rows"]
    written = Path(__file__).parents[3] / "tasks" / "harden-08-keystone-equipment-ledger" / "materials" / "issues.csv"
    with open(written, newline="") as fh:
        assert rows == list(csv.DictReader(fh))
    api.ok_control("reset", {"dataset": "ferrous", "seed": 98, "clock": "2026-06-01T07:00:00Z"})
    other = api.ok_control("materials/issues.csv", method="GET")["rows"]
    items = {e["ref"]: e for e in api.rows("equipment")}
    recorded = [r for r in other if r["issue_id"].startswith("ISS-")]
    assert [r["issue_id"] for r in recorded] == ["ISS-0003", "ISS-0040"]
    assert all(r["employee_id"] == str(items[r["issue_id"]]["employee_id"]) and r["kind"] == items[r["issue_id"]]["kind"]
               for r in recorded)
    assert recorded != [r for r in rows if r["issue_id"].startswith("ISS-")]
    assert [r for r in other if not r["issue_id"].startswith("ISS-")] == \
        [r for r in rows if not r["issue_id"].startswith("ISS-")]
