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
    """harden-06: 62 current checks for 60 engineers, a mix of complete (half the reports
    expired), cancelled and open, plus 100 engineers' finished history; 15 open checks complete
    silently; completions are released 90 s late (a consider 3 h late)."""
    api.reset("vantor-60", 83)
    checks = api.walk("/v1/checks")
    assert len(checks) == 162 and {c["package"] for c in checks} == {"enhanced_security"}
    current = [c for c in checks if int(c["external_id"].rsplit("-", 1)[1]) >= 3100]
    history = [c for c in checks if c not in current]
    assert len(current) == 62 and len({c["candidate_id"] for c in current}) == 60
    assert all(c["external_id"].startswith("VDS-") for c in checks)
    assert len(history) == 100 and {c["status"] for c in history} == {"complete", "cancelled"}
    assert sum(c["status"] == "cancelled" for c in history) == 10
    assert all(c["updated_at"] < "2026-02-21" for c in history)
    assert checks[:100] == sorted(history, key=lambda c: (c["created_at"], c["id"]))
    by = {}
    for c in current:
        by.setdefault(c["status"], []).append(c)
    assert {k: len(v) for k, v in by.items()} == {"complete": 18, "cancelled": 2, "in_progress": 42}
    assert sum(c["result"] == "consider" for c in by["complete"]) == 4
    expired = [c for c in by["complete"] if api.get(f"/v1/reports/{c['report_id']}").status_code == 410]
    assert 6 <= len(expired) <= 12
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "webhook_subscriptions",
                                       "values": {"url": receiver.url}}]})
    api.ok_control("clock", {"advance_s": 64 * 3600})
    done = [c for c in api.walk("/v1/checks") if c["id"] in {x["id"] for x in current}]
    assert sum(c["status"] == "complete" for c in done) == 60
    assert sum(c["result"] == "consider" for c in done) == 12
    from vendors.kit.outbox import DeliveryWorker

    DeliveryWorker(api.ctx).run_once()
    sent = [e for e in receiver.events() if e["type"] == "check.completed"]
    assert len(sent) == 42 - 15
    dropped = [d for d in api.ok_control("outbox", method="GET")["deliveries"] if d["status"] == "dropped"]
    assert len(dropped) == 30 and {d["event_type"] for d in dropped} == {"check.completed", "report.completed"}


def test_vantor_60_early_completions_released_late(api):
    """Five checks are released 3-15 min after the clock: the three clear ones 90 s after their
    completed_at, the two considers 3 h after theirs (completed_at and updated_at stay the
    research's end) (firing); without the lags a check shows complete at its instant (silent)."""
    api.reset("vantor-60", 83)
    early = sorted((c for c in api.walk("/v1/checks") if c["status"] == "in_progress"),
                   key=lambda c: c["estimated_completion_at"])[:5]
    assert [c["estimated_completion_at"][11:16] for c in early] == ["06:03", "06:06", "09:09", "09:12", "09:15"]
    api.ok_control("clock", {"advance_s": 2 * 60 + 50})  # 09:02:50: a consider finished 3 h ago, not out yet
    assert api.get(f"/v1/checks/{early[0]['id']}").json["status"] == "in_progress"
    api.ok_control("clock", {"advance_s": 20})  # 09:03:10
    now = api.get(f"/v1/checks/{early[0]['id']}").json
    assert now["status"] == "complete" and now["result"] == "consider"
    assert now["completed_at"] == now["updated_at"] == "2026-03-02T06:03:00Z"
    seen = [c["id"] for c in api.walk("/v1/checks?updated_since=2026-03-02T09:00:00Z")]
    assert early[0]["id"] not in seen
    api.ok_control("clock", {"advance_s": 6 * 60 + 30})  # 09:09:40: the clear one of 09:09 not out yet
    assert api.get(f"/v1/checks/{early[2]['id']}").json["status"] == "in_progress"
    api.ok_control("clock", {"advance_s": 60})  # 09:10:40: 90 s after 09:09
    now = api.get(f"/v1/checks/{early[2]['id']}").json
    assert now["status"] == "complete" and now["completed_at"] == now["updated_at"] == "2026-03-02T09:09:00Z"
    # silent: with the lags set to 0 the next check completes at its instant
    api.ok_control("config", {"settings": {"publish_lag_s": 0, "consider_publish_lag_s": None}})
    api.ok_control("clock", {"advance_s": 80})  # 09:12:00
    assert api.get(f"/v1/checks/{early[3]['id']}").json["status"] == "complete"
    assert api.control("config", {"settings": {"publish_lag_s": -1}}).status_code == 400
    assert api.control("config", {"settings": {"consider_publish_lag_s": "3h"}}).status_code == 400


def test_consider_publish_lag_defaults_to_publish_lag(api):
    """Unset (the other datasets), a consider is released like any check: at its instant."""
    r = api.reset("small", 1)
    assert r["tables"]["checks"] == 50
    pending = [c for c in api.walk("/v1/checks") if c["status"] in ("pending", "in_progress")]
    first = min(pending, key=lambda c: c["estimated_completion_at"])
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "checks", "id": first["id"],
                                       "values": {"planned_result": "consider"}}]})
    api.ok_control("clock", {"advance_s": 7 * 3600})
    now = api.get(f"/v1/checks/{first['id']}").json
    assert now["status"] == "complete" and now["result"] == "consider"
    assert now["completed_at"] == first["estimated_completion_at"]
    api.ok_control("config", {"settings": {"consider_publish_lag_s": 3600}})


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


def test_skyguard_carries_the_aviation_package(api):
    r = api.reset("skyguard", 163)
    assert r["tables"]["packages"] == 6 and r["tables"]["checks"] == r["tables"]["candidates"] == 0
    codes = [p["code"] for p in api.get("/v1/packages").json["data"]]
    assert "aviation_basic" in codes
    cand = api.post("/v1/candidates", {"first_name": "Ana", "last_name": "Ruiz", "email": "ana@example.com"}).json
    r = api.post("/v1/checks", {"candidate_id": cand["id"], "package": "aviation_basic", "external_id": "7"})
    assert r.status_code == 202 and r.json["package"] == "aviation_basic"


def test_other_datasets_do_not_carry_the_aviation_package(api):
    api.reset("empty", 163)
    assert "aviation_basic" not in [p["code"] for p in api.get("/v1/packages").json["data"]]
    cand = api.post("/v1/candidates", {"first_name": "Ana", "last_name": "Ruiz", "email": "ana@example.com"}).json
    r = api.post("/v1/checks", {"candidate_id": cand["id"], "package": "aviation_basic"})
    assert r.status_code == 422 and r.json["error"]["code"] == "unknown_package"


def test_acorns_by_hand_matches_jobsmith_nurseries(api):
    """build-13 v2: head office's hand-made orders for three of Jobsmith nurseries/3's offers (firing):
    no numeric external_id, candidates typed by hand, e-mails re-cased or padded."""
    api.reset("acorns-by-hand", 3)
    checks = api.walk("/v1/checks")
    cands = {c["id"]: c for c in api.walk("/v1/candidates")}
    assert len(checks) == 3 and len(cands) == 3 and {c["package"] for c in checks} == {"enhanced_childcare"}
    assert all(not (c["external_id"] or "").isdigit() for c in checks)
    assert all(c["external_id"] is None for c in cands.values())
    by_mail = {cands[c["candidate_id"]]["email"].strip().lower(): c for c in checks}
    assert sorted(by_mail) == ["farah.volkov.86@applicants.example", "pablo.mbeki.9@applicants.example",
                               "yara.grant.44@applicants.example"]
    assert [cands[c["candidate_id"]]["email"] for c in checks if c["status"] == "complete"] == \
        ["Pablo.Mbeki.9@Applicants.example"]
    done, running, gone = (by_mail[f"{n}@applicants.example"] for n in ("pablo.mbeki.9", "yara.grant.44",
                                                                         "farah.volkov.86"))
    assert (done["status"], done["result"], done["external_id"]) == ("complete", "clear", None)
    assert (running["status"], running["external_id"]) == ("in_progress", "Painswick offer")
    assert cands[running["candidate_id"]]["email"] == " yara.grant.44@Applicants.example "
    assert (gone["status"], gone["external_id"]) == ("cancelled", None)
    assert api.get("/v1/checks?external_id=44").json["data"] == []
    a = _tables(api)
    api.reset("acorns-by-hand", 3)
    assert _tables(api) == a
    api.ok_control("clock", {"advance_s": 21 * 3600})
    assert api.get(f"/v1/checks/{running['id']}").json["result"] == "consider"


def test_empty_has_no_hand_made_orders(api):
    """build-13 v1 and other tasks (silent): the empty dataset holds no candidate and no check."""
    api.reset("empty", 3)
    assert api.walk("/v1/checks") == [] and api.walk("/v1/candidates") == []
