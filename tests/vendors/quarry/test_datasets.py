"""Seeds: deterministic dumps, the size of each dataset, and the records planted for tasks."""
from __future__ import annotations

import unicodedata
from collections import Counter

import pytest

from .helpers import Api, make_app


@pytest.fixture(scope="module")
def seeded():
    return Api(make_app())


def _tables(api):
    return api.dump()["tables"]


def test_same_dataset_and_seed_dump_identically_and_another_seed_differs(seeded):
    seeded.reset("small", 7)
    a = _tables(seeded)
    seeded.reset("small", 7)
    assert _tables(seeded) == a
    other = Api(make_app())  # a second app instance, same answer
    other.reset("small", 7)
    assert _tables(other) == a
    seeded.reset("small", 8)
    b = _tables(seeded)
    assert b["candidates"]["rows"] != a["candidates"]["rows"]


def test_small_and_large_sizes(seeded):
    counts = seeded.reset("small", 1)["tables"]
    assert counts["candidates"] == 50 and counts["jobs"] == 8 and counts["applications"] >= 60
    assert counts["interview_schedules"] > 0
    counts = seeded.reset("large", 1)["tables"]
    assert counts["candidates"] == 5000 and counts["jobs"] == 40 and counts["applications"] > 6000
    assert seeded.reset("empty", 1)["tables"]["candidates"] == 0


def test_small_plants_every_status_and_one_confidential_job(seeded):
    seeded.reset("small", 1)
    apps = seeded.rows("applications")
    assert {"Active", "Hired", "Archived", "Lead"} <= {a["status"] for a in apps}
    assert all((a["archive_reason"] is not None) == (a["status"] == "Archived") for a in apps)
    assert len({(a["candidate_id"], a["job_id"]) for a in apps}) == len(apps)
    assert sum(j["confidential"] for j in seeded.rows("jobs")) == 1
    assert min(seeded.rows("candidates"), key=lambda c: c["seq"])["email"] == "amara.probe@example.com"


def test_task_datasets(seeded):
    seeded.reset("fellows-800", 8)
    fellows = seeded.rows("candidates")
    assert len(fellows) == 800 and sum(c["email"] is None for c in fellows) == 9
    legacy = [c for c in fellows if c["email"] and c["email"] != c["email"].strip().lower()]
    assert len(legacy) == 40 and all(c["created_at"] < "2025" for c in legacy)
    assert not any(j["confidential"] for j in seeded.rows("jobs"))
    seeded.reset("loops-900", 31)
    assert len(seeded.rows("applications")) == 900
    jobs = seeded.rows("jobs")
    assert [j["seq"] for j in jobs if j["confidential"]] == [12, 19]
    assert [j["seq"] for j in jobs if j["restricted"]] == [5]
    assert [j["seq"] for j in jobs if j["status"] == "Closed"] == [8, 21]
    loops = seeded.rows("applications")
    assert len({(a["candidate_id"], a["job_id"]) for a in loops}) == 900
    assert any(a["status"] == "Archived" for a in loops)
    seeded.reset("duneside", 107)
    apps, scheds = seeded.rows("applications"), seeded.rows("interview_schedules")
    assert len(apps) == 56 and len(seeded.rows("candidates")) == 40
    with_stage = {a["id"] for a in apps if a["current_stage"] != "Application Review"}
    assert with_stage <= {s["application_id"] for s in scheds}
    archived = {a["id"] for a in apps if a["status"] == "Archived"}
    assert len(archived) == 16 and archived <= with_stage
    assert sum(1 for s in scheds if s["application_id"] in archived) == 27 and len(scheds) == 78
    seeded.reset("vantage-pilot", 173)
    emails = sorted(c["email"] for c in seeded.rows("candidates"))
    assert emails[0] == "vk.pilot01@vantagekitchens.example" and len(emails) == 30
    seeded.reset("brisa", 151)
    cands = seeded.rows("candidates")
    by_email = Counter(c["email"].strip().lower() for c in cands)
    assert sum(1 for n in by_email.values() if n == 2) == 8

    def fold(name):
        return "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch)).lower()
    by_name = Counter(fold(c["name"]) for c in cands if "brisa-old" in (c["email"] or "") or "mail.example" in (c["email"] or ""))
    assert sum(1 for n in by_name.values() if n == 2) >= 6
    assert all(j["req_code"].startswith("BRW-REQ-") for j in seeded.rows("jobs"))


def test_brisa_twins_plants_twin_groups_lookalikes_and_overlaps(seeded):
    """migrate-07: seed-independent twins and parent overlaps; look-alikes that are not twins."""
    from vendors.quarry.seed import BRISA_LOOKALIKES, BRISA_OVERLAP, BRISA_TWINS
    from vendors.talentforge.seed import PARENT_OVERLAP
    for seed in (151, 152):
        seeded.reset("brisa-twins", seed)
        cands = seeded.rows("candidates")
        by_email = Counter((c["email"] or "").strip().lower() for c in cands)
        assert sum(1 for n in by_email.values() if n == 2) == 5  # 4 e-mail pairs + the triple's pair
        emails = {(c["email"] or "").strip().lower() for c in cands}
        assert {e for _, e in BRISA_OVERLAP} <= emails
        assert {e.lower() for _, _, e in PARENT_OVERLAP} == {e for _, e in BRISA_OVERLAP}
        names = Counter(c["name"] for c in cands)
        assert names["Marta Sousa"] == 2 and names["María Gómez"] == 2 and names["Ángel Muñoz"] == 2
        assert len(cands) == 75 + len(BRISA_OVERLAP) + len(BRISA_LOOKALIKES) + sum(len(t) for t in BRISA_TWINS)
        assert all(j["req_code"].startswith("BRW-REQ-") and j["status"] == "Open" for j in seeded.rows("jobs"))
        apps = seeded.rows("applications")
        assert len({(a["candidate_id"], a["job_id"]) for a in apps}) == len(apps)
        assert any(a["status"] == "Archived" for a in apps) and seeded.rows("feedback")


def test_brisa_twins_account_answers_internal_errors_from_the_reset(seeded):
    seeded.reset("brisa-twins", 151)
    first = seeded.rpc("candidate.list", {"limit": 100}).json
    assert first["success"] is True and first["moreDataAvailable"] is True
    second = seeded.rpc("candidate.list", {"limit": 100, "cursor": first["nextCursor"]}).json
    assert second["success"] is False and second["errorInfo"]["code"] == "internal_error"
    again = seeded.rpc("candidate.list", {"limit": 100, "cursor": first["nextCursor"]}).json
    assert again["success"] is True


def test_other_accounts_answer_without_internal_errors(seeded):
    seeded.reset("brisa", 151)
    first = seeded.rpc("candidate.list", {"limit": 100}).json
    assert seeded.rpc("candidate.list", {"limit": 100, "cursor": first["nextCursor"]}).json["success"] is True


def test_vantage_weekend_holds_the_pilot_import_of_scoutly_vantage_70(seeded):
    """migrate-11 v1: the 30 pilot people (Scoutly e-mails), their answers as custom fields in the
    pilot's rendering, only their earliest application; VKQ jobs for Scoutly's VK refs."""
    from vendors.scoutly.seed import vantage_pilot

    seeded.reset("vantage-weekend", 173)
    cands, apps, jobs = seeded.rows("candidates"), seeded.rows("applications"), seeded.rows("jobs")
    pilot = vantage_pilot(173, dataset="vantage-70")
    assert sorted(c["email"] for c in cands) == sorted(p["email"] for p in pilot)
    assert len(apps) == 30 and all(c["source"] == "Pilot import" for c in cands)
    assert {j["req_code"] for j in jobs} >= {"VKQ-101", "VKQ-102", "VKQ-103", "VKQ-104"}
    values = {v for c in cands for v in c["custom_fields"].values()}
    assert {"Yes", "No"} & values and "True" not in values and "true" not in values
    assert all(not k.startswith("q_") for c in cands for k in c["custom_fields"])
    assert all((a["archive_reason"] is None) == (a["status"] != "Archived") for a in apps)


def test_vantage_weekend_plan_throttles_from_the_reset(seeded):
    seeded.reset("vantage-weekend", 173)
    answers = [seeded.rpc("job.list", {}).json for _ in range(22)]
    assert all(a["success"] for a in answers[:20])
    assert answers[20]["success"] is False and answers[20]["errorInfo"]["code"] == "rate_limit_exceeded"
    assert answers[20]["errorInfo"]["retryAfterSeconds"] > 0
    seeded.reset("brisa", 151)  # another account: no throttle
    assert all(seeded.rpc("job.list", {}).json["success"] for _ in range(22))
