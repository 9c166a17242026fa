"""Datasets: deterministic per (dataset, seed), shaped as the tasks need, planted records where
the seed module's docstring says, and the marisol contract with Placemint's pilot-40."""
from __future__ import annotations

import datetime as dt
import time
from collections import Counter
from decimal import Decimal

import pytest

from vendors.kit.names import CLIENTS
from vendors.staffline.seed import DATASETS, MARISOL_SCOPE_CUTOFF, generate, marisol_placements

from .conftest import SL, make_app

DAY_MS = 86_400_000
UTC = dt.timezone.utc


@pytest.fixture(scope="module")
def shared():
    return SL(make_app())


def _tables(sl):
    return sl.dump()["tables"]


@pytest.mark.parametrize("dataset, seed", [("small", 1), ("nurses-300", 11), ("legal-2k", 4),
                                           ("amberline-3k", 61), ("marisol", 113)])
def test_same_dataset_and_seed_give_identical_dumps(shared, dataset, seed):
    shared.reset(dataset, seed)
    first = _tables(shared)
    shared.reset("small", 2)
    shared.reset(dataset, seed)
    assert _tables(shared) == first
    shared.reset(dataset, seed + 1)
    other = _tables(shared)
    for table in ("candidates", "placements"):
        assert other[table]["rows"] != first[table]["rows"]


GOLDEN = {  # sha256 of generate(dataset, 1, 2026-03-02T09:00Z) serialised; update on purpose only
    "small": "62ea9aaf283435a55d267032296fe8eb0fdc05b6e30a153d92ec7c9a5ec750b8",
    "marisol": "ebbb004821ef46a56d1d16fdf1a80f047105da8058bc08994d19e1c6cbc7fd90",
}


@pytest.mark.parametrize("dataset", sorted(GOLDEN))
def test_generation_is_byte_stable(dataset):
    """The same rows on any machine: a fingerprint catches a changed generator, name list or RNG.
    (Placemint's pilot-40 is built from marisol: changing marisol changes that dataset too.)"""
    import hashlib
    import json

    rows = generate(dataset, 1, dt.datetime(2026, 3, 2, 9, tzinfo=UTC))
    digest = hashlib.sha256(json.dumps(rows, default=str, sort_keys=True).encode()).hexdigest()
    assert digest == GOLDEN[dataset], f"{dataset}/1 rows changed"


def test_large_seeds_fast_and_to_size(shared):
    t0 = time.process_time()  # CPU time: other jobs on the machine do not count
    counts = shared.reset("large", 1)["tables"]
    assert time.process_time() - t0 < 3.0
    assert counts["candidates"] == 5000 and counts["placements"] == 2500 and counts["jobs"] == 300
    assert 8000 < counts["applications"] < 12000 and counts["tombstones"] > 150
    assert shared.get("/v1/candidates?start=4990&count=200").json["count"] == 10


def test_every_dataset_is_consistent(shared):
    for dataset in DATASETS:
        data = generate(dataset, 1, dt.datetime(2026, 3, 2, 9, tzinfo=UTC))
        cands = {c["id"] for c in data["candidates"]}
        jobs = {j["id"]: j for j in data["jobs"]}
        for a in data["applications"]:
            assert a["candidate_id"] in cands and a["job_id"] in jobs
        pairs = [(a["candidate_id"], a["job_id"]) for a in data["applications"]]
        assert len(pairs) == len(set(pairs))
        hired = {(a["candidate_id"], a["job_id"]) for a in data["applications"] if a["status"] == "hired"}
        refs = [p["external_ref"] for p in data["placements"]]
        assert len(refs) == len(set(refs))
        for p in data["placements"]:
            assert p["candidate_id"] in cands and (p["candidate_id"], p["job_id"]) in hired
            assert p["client_code"] in (None, jobs[p["job_id"]]["client_code"])
            assert p["end_date"] is None or p["end_date"] >= p["start_date"]
            Decimal(p["bill_rate"]), Decimal(p["pay_rate"])
            assert len(p["bill_rate"].split(".")[1]) <= 3
        # tombstoned ids are absent, and each deleted candidate's applications precede it
        dead = Counter((t["type"], t["record_id"]) for t in data["tombstones"])
        assert max(dead.values()) == 1
        assert not {rid for (t, rid) in dead if t == "candidate"} & cands
        assert not {rid for (t, rid) in dead if t == "placement"} & {p["id"] for p in data["placements"]}
        for r in data["candidates"] + data["placements"]:
            assert r["created_at"] <= r["updated_at"] <= dt.datetime(2026, 3, 2, 9, tzinfo=UTC)


def test_nurses_300(shared):
    shared.reset("nurses-300", 11)
    pls = shared.walk("/v1/placements")
    jobs = {j["id"]: j for j in shared.walk("/v1/jobs")}
    assert len(pls) == 300 and len(jobs) == 36
    assert {j["client_code"] for j in jobs.values()} == {code for code, _ in CLIENTS}
    assert {p["client_code"] for p in pls} == {code for code, _ in CLIENTS}
    st = Counter(p["status"] for p in pls)
    assert st["Closed"] >= 15 and st["Active"] >= 150 and set(st) == {"Active", "Ended", "Cancelled", "Closed"}
    assert all(p["end_date"] % DAY_MS == 0 for p in pls if p["end_date"] is not None)
    assert all(p["end_date"] is not None for p in pls if p["status"] != "Cancelled")
    now_ms = shared.vendor_now() * 1000
    assert all(p["end_date"] > now_ms for p in pls if p["status"] == "Active")
    assert all(j["title"] in {"ICU Registered Nurse", "ER Travel Nurse", "Med-Surg Nurse", "Labor & Delivery Nurse",
                              "Cath Lab Technologist", "Respiratory Therapist", "OR Circulating Nurse"}
               for j in jobs.values())


def test_legal_2k(shared):
    shared.reset("legal-2k", 4)
    assert shared.get("/v1/candidates").json["total"] == 2000
    jobs = shared.walk("/v1/jobs")
    assert len(jobs) == 60 and all("Associate" in j["title"] or j["title"] in ("Paralegal", "Trainee Solicitor")
                                   for j in jobs)
    assert 3000 < shared.get("/v1/applications").json["total"] < 5000
    deleted = shared.get("/v1/deleted").json["total"]
    assert deleted > 200  # more than two pages of 100 before any scenario deletion


def test_amberline_3k(shared):
    counts = shared.reset("amberline-3k", 61)["tables"]
    assert counts["placements"] == 3000
    assert shared.get("/v1/placements?count=200&start=2900").json["count"] == 100


def test_marisol_shape(shared):
    shared.reset("marisol", 113)
    pls = shared.walk("/v1/placements")
    jobs = {j["id"]: j for j in shared.walk("/v1/jobs")}
    st = Counter(p["status"] for p in pls)
    assert st == {"Active": 110, "Ended": 122, "Cancelled": 28}
    cutoff_ms = int(dt.datetime(2025, 11, 30, tzinfo=UTC).timestamp() * 1000)
    ended = [p for p in pls if p["status"] == "Ended"]
    assert sum(p["end_date"] < cutoff_ms for p in ended) == 59
    assert sum(p["end_date"] == cutoff_ms for p in ended) == 2
    assert sum(p["end_date"] == cutoff_ms + DAY_MS for p in ended) == 2
    in_scope = [p for p in pls if p["status"] == "Active" or (p["status"] == "Ended" and p["end_date"] > cutoff_ms)]
    legacy = [p for p in pls if p["client_code"] is None]
    assert [p["id"] for p in legacy] == [p["id"] for p in in_scope[:12]]
    assert all(jobs[p["job_id"]]["client_code"] for p in legacy)
    three = [p["bill_rate"] for p in pls if len(p["bill_rate"].split(".")[1]) == 3]
    assert len([r for r in three if r.endswith("5")]) >= 20
    assert sum(p["end_date"] is None for p in pls if p["status"] == "Active") == 4


def test_marisol_placements_is_exactly_what_marisol_seeds(shared):
    for seed in (113, 7):
        shared.reset("marisol", seed)
        api = shared.walk("/v1/placements")
        cands = {c["id"]: c for c in shared.walk("/v1/candidates")}
        jobs = {j["id"]: j for j in shared.walk("/v1/jobs")}

        def day(ms):
            return None if ms is None else dt.datetime.fromtimestamp(ms / 1000, tz=UTC).date()

        want = [{"staffline_id": p["id"], "candidate_email": cands[p["candidate_id"]]["email"],
                 "candidate_name": f"{cands[p['candidate_id']]['first_name']} {cands[p['candidate_id']]['last_name']}",
                 "client_code": p["client_code"], "job_client_code": jobs[p["job_id"]]["client_code"],
                 "start_date": day(p["start_date"]), "end_date": day(p["end_date"]),
                 "bill_rate": p["bill_rate"], "status": p["status"]} for p in api]
        got = marisol_placements(seed)
        assert got == want
        assert all(isinstance(r["start_date"], dt.date) and isinstance(r["staffline_id"], int) for r in got)


def test_marisol_calendar_does_not_depend_on_the_clock(shared):
    shared.reset("marisol", 113, clock="2026-05-20T08:00:00Z")
    api = shared.walk("/v1/placements")
    want = marisol_placements(113)
    assert [(p["id"], p["start_date"], p["end_date"]) for p in api] == [
        (r["staffline_id"], int(dt.datetime(*r["start_date"].timetuple()[:3], tzinfo=UTC).timestamp() * 1000),
         None if r["end_date"] is None else int(dt.datetime(*r["end_date"].timetuple()[:3], tzinfo=UTC).timestamp() * 1000))
        for r in want]
    assert MARISOL_SCOPE_CUTOFF == dt.date(2025, 11, 30)
