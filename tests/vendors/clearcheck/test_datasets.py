"""ClearCheck datasets: determinism, size and planted records."""
from __future__ import annotations

import json

import pytest


def _tables(api):
    return json.dumps(api.dump()["tables"], sort_keys=True)


@pytest.mark.parametrize("dataset", ["small", "empty"])
def test_same_seed_same_dump_other_seed_other_data(api, dataset):
    api.reset(dataset, 5)
    a = _tables(api)
    api.reset(dataset, 5)
    assert _tables(api) == a
    api.reset(dataset, 6)
    assert (_tables(api) != a) == (dataset != "empty")


def test_large_is_deterministic(api):
    r = api.reset("large", 3)
    assert r["tables"]["checks"] == r["tables"]["candidates"] == 5000
    a = _tables(api)
    api.reset("large", 3)
    assert _tables(api) == a


def test_small_plants(api):
    r = api.reset("small", 1)
    assert r["tables"]["checks"] == 50 and r["tables"]["packages"] == 5
    checks = api.walk("/v1/checks")
    newest = checks[-5:]
    assert [c["status"] for c in newest] == ["in_progress"] * 2 + ["pending"] * 3
    done = sorted((c for c in checks if c["status"] == "complete"), key=lambda c: c["completed_at"])
    assert api.get(f"/v1/reports/{done[0]['report_id']}").status_code == 410
    assert api.get(f"/v1/reports/{done[-1]['report_id']}").status_code == 200
    assert {c["result"] for c in done} == {"clear", "consider"}


def test_empty_has_packages_only(api):
    api.reset("empty", 1)
    assert api.get("/v1/checks").json["data"] == [] and len(api.get("/v1/packages").json["data"]) == 5


def test_unknown_dataset_is_refused(api):
    assert api.control("reset", {"dataset": "nope"}).status_code == 400


def test_vantor_60_plan(api, receiver):
    api.reset("vantor-60", 83)
    checks = api.walk("/v1/checks")
    assert len(checks) == 60 and {c["package"] for c in checks} == {"enhanced_security"}
    assert {c["status"] for c in checks} <= {"pending", "in_progress"}
    assert all(c["external_id"].startswith("VDS-") for c in checks)
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "webhook_subscriptions",
                                       "values": {"url": receiver.url}}]})
    api.ok_control("clock", {"advance_s": 80 * 3600})
    done = api.walk("/v1/checks")
    assert {c["status"] for c in done} == {"complete"}
    assert sum(c["result"] == "consider" for c in done) == 12
    from vendors.kit.outbox import DeliveryWorker

    DeliveryWorker(api.ctx).run_once()
    sent = [e for e in receiver.events() if e["type"] == "check.completed"]
    assert len(sent) == 45
    dropped = [d for d in api.ok_control("outbox", method="GET")["deliveries"] if d["status"] == "dropped"]
    assert len(dropped) == 30 and {d["event_type"] for d in dropped} == {"check.completed", "report.completed"}
    expired = [c for c in done if api.get(f"/v1/reports/{c['report_id']}").status_code == 410]
    assert 4 <= len(expired) <= 8


def test_paws_history_matches_crewtide_paws(api):
    """fix-12: the old sync's orders for Crewtide paws/47's nurses, duplicates still open (firing), and
    nurses without a duplicate keep one check or only cancelled ones (silent)."""
    api.reset("paws-history", 47)
    checks = api.walk("/v1/checks")
    by = {}
    for ch in checks:
        by.setdefault(ch["external_id"], []).append(ch)
    assert sorted(by, key=int) == ["12", "17", "22", "30", "39", "46", "48"]
    assert {c["package"] for c in checks} == {"standard"}
    live = {k: sorted(c["status"] for c in v if c["status"] != "cancelled") for k, v in by.items()}
    assert live == {"12": ["complete"], "17": ["pending", "pending"], "22": ["complete", "pending"],
                    "30": ["complete", "in_progress"], "39": ["in_progress", "pending"], "46": [],
                    "48": ["complete"]}
    assert len({c["created_at"] for c in by["17"]}) == 1
    assert [c["result"] for c in by["30"] if c["status"] == "complete"] == ["consider"]
    cands = api.walk("/v1/candidates")
    assert len(cands) == 7 and {c["external_id"] for c in cands} == set(by)
    # the nurses' names and e-mails are Crewtide paws/47's
    import random
    from vendors.crewtide import seed_tasks
    from vendors.clearcheck.seed import _Recorder
    rec = _Recorder()
    seed_tasks.paws(rec, random.Random("crewtide:paws:47"), __import__("datetime").datetime(2026, 1, 1))
    people = {str(p["id"]): p for p in rec.rows["candidates"]}
    for c in cands:
        p = people[c["external_id"]]
        assert (c["first_name"], c["last_name"], c["email"]) == (p["first_name"], p["last_name"], p["email"])
    a = _tables(api)
    api.reset("paws-history", 47)
    assert _tables(api) == a
