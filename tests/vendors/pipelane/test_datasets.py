"""Seeds: same (dataset, seed) → byte-identical dump; another seed → other data; large seeds to size (its speed: benchmarks/vendor_seed.py)."""
from __future__ import annotations

import json
import time

import pytest

from .helpers import Api, make_app


@pytest.fixture(scope="module")
def api():
    return Api(make_app())


def _dump(api) -> str:
    return json.dumps(api.dump()["tables"], sort_keys=True)


@pytest.mark.parametrize("dataset", ["small", "empty", "tutors-1500", "care-450", "care-450-rebooked", "quayline", "saltmarsh"])
def test_same_seed_same_dump_other_seed_other_data(api, dataset):
    api.reset(dataset, 7)
    first = _dump(api)
    api.reset("small", 3)
    api.reset(dataset, 7)
    assert _dump(api) == first
    api.reset(dataset, 8)
    assert _dump(api) != first


def test_large_is_deterministic(api):
    counts = api.reset("large", 1)["tables"]
    assert counts["contacts"] == 5000 and counts["opportunities"] > 6000
    first = _dump(api)
    api.reset("large", 1)
    assert _dump(api) == first


def test_seed_does_not_depend_on_real_time(api):
    api.reset("small", 4, clock="2026-05-01T12:00:00Z")
    a = _dump(api)
    time.sleep(0.2)
    api.reset("small", 4, clock="2026-05-01T12:00:00Z")
    assert _dump(api) == a
    api.reset("small", 4, clock="2026-05-02T12:00:00Z")
    assert _dump(api) != a


def test_small_plan(api):
    api.reset("small", 1)
    contacts, opps = api.rows("contacts"), api.rows("opportunities")
    assert len(contacts) == 50 and len({c["email"] for c in contacts}) == 50
    assert any(o["archived_at"] for o in opps) and any(o["tags"] for o in opps)
    assert len({o["contact_id"] for o in opps}) < len(opps)  # some contacts have several
    assert all(len(o["id"]) == 36 for o in opps)
    users = api.rows("users")
    assert sum(u["deactivated_at"] is not None for u in users) == 1


def test_service_users_have_fixed_ids(api):
    from vendors.pipelane.seed import service_user_id

    ids = set()
    for ds, seed in (("small", 1), ("quayline", 9), ("empty", 4)):
        api.reset(ds, seed)
        users = {u["name"]: u["id"] for u in api.rows("users")}
        ids.add(users["Training Bot"])
        assert users["Compliance Bot"] == service_user_id("compliance-bot")
        assert users["Migration User"] == service_user_id("migration-user")
    assert ids == {service_user_id("training-bot")}


def test_tutors_1500_plan(api):
    from collections import defaultdict
    from datetime import datetime, timezone
    from zoneinfo import ZoneInfo

    api.reset("tutors-1500", 21, clock="2026-06-15T08:00:00Z")
    contacts, opps = api.rows("contacts"), api.rows("opportunities")
    assert len(contacts) == 1500
    by = defaultdict(list)
    for o in opps:
        by[o["contact_id"]].append(o)
    assert len(by) == 1440
    lon = ZoneInfo("Europe/London")
    when = [datetime.fromisoformat(o["last_advanced_at"]).replace(tzinfo=timezone.utc) for o in opps]
    shifted = sum(w.astimezone(lon).date() != w.date() for w in when)
    assert abs(shifted - round(0.3 * len(opps))) <= 3
    assert max(when) < datetime(2026, 6, 15, 8, tzinfo=timezone.utc)
    assert sum(len({o["last_advanced_at"] for o in v}) < len(v) for v in by.values()) == 25
    all_arch = sum(all(o["archived_at"] for o in v) for v in by.values())
    mixed = sum(any(o["archived_at"] for o in v) and not all(o["archived_at"] for o in v) for v in by.values())
    assert all_arch > 150 and mixed > 50


def test_tutors_1500_is_anchored_and_imported_records_hide_last_advanced(api):
    """The dataset does not move with the reset clock; its imported opportunities are served with
    lastAdvancedAt/lastInteractionAt null (their stageChanges keep the instant) until Pipelane
    moves them; the other opportunities (and every other dataset) serve both."""
    api.reset("tutors-1500", 21)
    base = api.dump()["tables"]["opportunities"]
    api.reset("tutors-1500", 21, clock="2026-06-15T08:00:00Z")
    assert api.dump()["tables"]["opportunities"] == base
    opps = api.walk("/v1/opportunities")
    imported = [o for o in opps if o["lastAdvancedAt"] is None]
    assert 500 < len(imported) < 800 and all(o["lastInteractionAt"] is None for o in imported)
    assert {o["updatedAt"] for o in imported} == {1780869600000}  # 2026-06-07T22:00Z, the import
    rows = {r["id"]: r for r in api.rows("opportunities")}
    for o in imported[:50]:
        assert rows[o["id"]]["imported_at"] is not None
        assert o["stageChanges"][-1]["updatedAt"] < o["updatedAt"]
    native = [o for o in opps if o["lastAdvancedAt"] is not None]
    assert len(native) + len(imported) == len(opps)
    assert all(o["lastAdvancedAt"] == o["stageChanges"][-1]["updatedAt"] for o in native)
    assert all(rows[o["id"]]["imported_at"] is None for o in native)
    # Moving an imported opportunity in Pipelane shows its lastAdvancedAt again.
    o = next(x for x in imported if x["archived"] is None and x["stage"] != "hired")
    writer = api.user_id()
    assert api.put(f"/v1/opportunities/{o['id']}/stage?perform_as={writer}", {"stage": "hired"}).status_code == 200
    moved = api.get(f"/v1/opportunities/{o['id']}").json["data"]
    assert moved["lastAdvancedAt"] == moved["stageChanges"][-1]["updatedAt"] > o["updatedAt"]
    api.reset("small", 1)
    assert all(x["lastAdvancedAt"] is not None for x in api.walk("/v1/opportunities"))


def test_quayline_plan(api):
    from collections import Counter

    api.reset("quayline", 101)
    opps = api.rows("opportunities")
    assert len(api.rows("contacts")) == 240 and len(opps) == 260 and not api.rows("notes")
    stages = Counter(o["stage"] for o in opps if not o["archived_at"])
    assert stages["offer"] == 60 and stages["hired"] == 20


def test_saltmarsh_plan(api):
    api.reset("saltmarsh", 137)
    opps = api.rows("opportunities")
    old = [o for o in opps if o["archived_at"] and o["archived_at"] < "2025-09-03"]  # > 180 days before the clock
    recent = [o for o in opps if o["archived_at"] and o["archived_at"] >= "2025-09-03"]
    assert len(api.rows("postings")) == 11 and len(api.rows("contacts")) == 300
    assert old and recent and sum(1 for o in opps if not o["archived_at"]) > len(opps) // 2
    assert all(o["last_advanced_at"] <= (o["archived_at"] or "9") for o in opps)


def test_care_450_plan(api):
    from datetime import datetime

    api.reset("care-450", 17)
    opps = api.rows("opportunities")
    assert len(api.rows("contacts")) == 450 and len({o["contact_id"] for o in opps}) == 450
    assert 30 < len(opps) - 450 < 80  # caregivers in two regions
    now = datetime(2026, 3, 2, 9)
    ages = [(now - datetime.fromisoformat(o["last_interaction_at"])).total_seconds() / 86400 for o in opps]
    stale = sum(a > 60 for a in ages)
    assert 0.05 * len(opps) < stale < 0.15 * len(opps)
    near = [a for a in ages if 59 <= a <= 61]
    assert 3 <= len(near) <= 20 and all(59.3 <= a <= 59.8 for a in near)  # planted: stale a day later
    ivs = api.rows("interviews")
    assert len(ivs) > 250 and {o["opportunity_id"] for o in ivs} <= {o["id"] for o in opps}
    one = ivs[0]
    got = api.walk(f"/v1/opportunities/{one['opportunity_id']}/interviews")
    assert one["id"] in {i["id"] for i in got} and all(isinstance(i["date"], int) for i in got)


def test_care_450_recent_bookings_on_unmoved_opportunities(api):
    """Trap `interview-booking-not-interaction` in the data: long-unmoved open opportunities with
    an interview booked in the last 50 days; lastInteractionAt still shows the old stage move."""
    from datetime import datetime, timedelta

    api.reset("care-450", 17)
    now = datetime(2026, 3, 2, 9)
    opps = {o["id"]: o for o in api.rows("opportunities")}
    recent = [i for i in api.rows("interviews")
              if now - datetime.fromisoformat(i["created_at"]).replace(tzinfo=None) < timedelta(days=55)
              and opps[i["opportunity_id"]]["archived_at"] is None
              and now - datetime.fromisoformat(opps[i["opportunity_id"]]["last_interaction_at"]).replace(tzinfo=None)
              > timedelta(days=60)]
    assert 5 <= len(recent) <= 40
    one = recent[0]
    wire = api.get(f"/v1/opportunities/{one['opportunity_id']}").json["data"]
    acts = api.walk(f"/v1/opportunities/{one['opportunity_id']}/activities")
    booked = [a for a in acts if a["type"] == "interview_scheduled" and a["data"]["interviewId"] == one["id"]]
    assert booked and booked[0]["createdAt"] > wire["lastInteractionAt"]


def test_saltmarsh_90_legacy_stage_on_the_wire(api):
    """Trap legacy-stage-on-wire: firing on saltmarsh-90 (open opportunities in `assessment`,
    a stage the docs do not list), silent on small (the five documented stages only)."""
    api.reset("small", 3)
    assert {o["stage"] for o in api.walk("/v1/opportunities")} <= {"new-lead", "phone-screen", "interview",
                                                                  "offer", "hired"}
    api.reset("saltmarsh-90", 137)
    opps = api.walk("/v1/opportunities")
    legacy = [o for o in opps if o["stage"] == "assessment"]
    assert len(api.walk("/v1/contacts")) == 90 and 3 <= len(legacy) <= 20
    assert all(o["archived"] is None and o["stageChanges"][-1]["toStage"] == "assessment" for o in legacy)
    by_contact = {}
    for o in opps:
        by_contact.setdefault(o["contactId"], []).append(o["postingId"])
    assert all(len(p) == len(set(p)) for p in by_contact.values())
    assert sum(1 for c in api.walk("/v1/contacts") if c["emails"][0] != c["emails"][0].lower()) == 6


def test_greyfriars_has_nine_postings_and_no_people(api):
    """greyfriars (migrate-12): the users, 9 published Edinburgh postings, nothing else."""
    api.reset("greyfriars", 179)
    postings = api.walk("/v1/postings")
    assert len(postings) == 9 and all(p["state"] == "published" and p["text"].endswith(" — Edinburgh")
                                      for p in postings)
    assert api.walk("/v1/contacts") == [] and api.walk("/v1/opportunities") == []
    assert any(u["name"] == "Migration User" for u in api.walk("/v1/users"))


def test_care_450_rebooked_is_care_450_plus_rebookings(api):
    """Trap `interview-reschedule-not-interaction` in the data: care-450-rebooked is care-450
    record for record (same ids) except for interviews moved to another time; on some long-unmoved
    open candidacies a rebooking is the only activity of the last 60 days, visible as the
    interview's updatedAt and an `interview_rescheduled` activity, not in its createdAt or the
    opportunity's lastInteractionAt. care-450 itself has no rebooking (silent)."""
    from datetime import datetime, timedelta

    api.reset("care-450", 17)
    base_opps = {o["id"]: o for o in api.rows("opportunities")}
    base_ivs = {i["id"]: i for i in api.rows("interviews")}
    assert not [a for a in api.rows("activities") if a["type"] == "interview_rescheduled"]
    assert all(i["created_at"] == i["updated_at"] for i in base_ivs.values())
    api.reset("care-450-rebooked", 17)
    assert {o["id"]: o for o in api.rows("opportunities")} == base_opps
    ivs = {i["id"]: i for i in api.rows("interviews")}
    assert ivs.keys() == base_ivs.keys()
    moved = [i for i in ivs.values() if i != base_ivs[i["id"]]]
    assert 15 <= len(moved) <= 30 and all(i["created_at"] == base_ivs[i["id"]]["created_at"] for i in moved)
    acts = api.rows("activities")
    P = lambda x: datetime.fromisoformat(x).replace(tzinfo=None)  # noqa: E731
    last: dict[str, datetime] = {}
    for a in acts:
        if a["type"] != "interview_rescheduled":
            last[a["opportunity_id"]] = max(last.get(a["opportunity_id"], P(a["created_at"])), P(a["created_at"]))
    now = datetime(2026, 3, 2, 9)
    rescued = {a["opportunity_id"] for a in acts if a["type"] == "interview_rescheduled"
               and now - P(a["created_at"]) < timedelta(days=50) and now - last[a["opportunity_id"]] > timedelta(days=61)
               and base_opps[a["opportunity_id"]]["archived_at"] is None}
    assert 5 <= len(rescued) <= 10
    one = sorted(rescued)[0]
    wire = api.get(f"/v1/opportunities/{one}").json["data"]
    iv = max(api.walk(f"/v1/opportunities/{one}/interviews"), key=lambda i: i["updatedAt"])
    now_ms = 1772442000000  # 2026-03-02T09:00Z
    assert iv["updatedAt"] > iv["createdAt"] and now_ms - iv["createdAt"] > 60 * 86_400_000
    assert now_ms - iv["updatedAt"] < 50 * 86_400_000 and now_ms - wire["lastInteractionAt"] > 60 * 86_400_000
    log = [a for a in api.walk(f"/v1/opportunities/{one}/activities") if a["type"] == "interview_rescheduled"]
    assert log and log[-1]["createdAt"] == iv["updatedAt"] and log[-1]["data"]["interviewId"] == iv["id"]
