"""Workwell's datasets: deterministic, sized as documented, with the planted records the
tasks rely on."""
from __future__ import annotations

from datetime import date

import pytest

from .helpers import Api, make_app


def _dump(api, dataset, seed):
    api.reset(dataset, seed)
    d = api.dump()
    d.pop("clock")
    return d


def test_same_dataset_and_seed_give_identical_dumps():
    a, b = Api(make_app()), Api(make_app())
    assert _dump(a, "small", 7) == _dump(b, "small", 7)
    assert _dump(a, "small", 7) != _dump(a, "small", 8)


def test_large_seeds_deterministically():
    a = Api(make_app())
    state = a.reset("large", 3)
    assert state["tables"]["candidates"] == 5000 and state["tables"]["jobs"] == 60
    first = a.rows("candidates")[:5]
    a.reset("large", 3)
    assert a.rows("candidates")[:5] == first


def test_seasonal_40_store_jobs(ro_api):
    ro_api.reset("seasonal-40", 4)
    jobs = ro_api.rows("jobs")
    stores = [j for j in jobs if int(j["custom_fields"][0]["value"][3:]) <= 40]
    assert len(stores) == 40 and len(jobs) == 46
    assert sum(j["state"] == "closed" for j in stores) == 4
    codes = {j["custom_fields"][0]["value"] for j in jobs}
    assert len(codes) == 46 and all(c.startswith("ST-") for c in codes)
    assert 2500 < ro_api.dump()["tables"]["candidates"]["rows"].__len__() < 6000


def test_city_hires_with_start_dates(ro_api):
    ro_api.reset("city", 15)
    offers = ro_api.rows("offers")
    assert len(offers) == 24
    dates = [date.fromisoformat(o["start_date"]) for o in offers if o["start_date"]]
    assert len(dates) == 20
    assert sum(d > date(2026, 3, 2) and d.day <= 12 for d in dates) >= 8
    assert sum(d < date(2026, 3, 2) for d in dates) == 4
    hired = ro_api.get("candidates?stage=hired&limit=100").json["candidates"]
    assert len(hired) == 24


def test_riders_ids_stay_below_0x1000(ro_api):
    ro_api.reset("riders-1200", 23)
    ids = [r["id"] for r in ro_api.rows("candidates")]
    assert len(ids) == 1200 and max(ids) <= 0xfff
    assert sum("Rider" in j["title"] for j in ro_api.rows("jobs")) == 4


@pytest.mark.parametrize("dataset,seed,candidates", [("dairy", 71, 105), ("emberton", 139, 2400), ("empty", 1, 0)])
def test_other_task_datasets(ro_api, dataset, seed, candidates):
    state = ro_api.reset(dataset, seed)
    assert state["tables"]["candidates"] == candidates
    if dataset == "emberton":
        stages = {s["slug"] for s in ro_api.get("stages").json["stages"]}
        assert {"physical-test", "fitness-retest"} <= stages
        rows = ro_api.rows("candidates")
        assert all({a["question_key"] for a in r["answers"]} >= {"bleep_test_level", "ladder_climb_s"} for r in rows)
        assert 60 < sum(r["phone"] is None for r in rows) < 180
    if dataset == "dairy":
        from vendors.workwell.seed import DAIRY_RETURNING

        rows = ro_api.rows("candidates")
        emails = [r["email"].lower() for r in rows]
        assert len(emails) - len(set(emails)) == 3  # three twin pairs
        assert sum(r["email"] != r["email"].lower() for r in rows) == 1  # one in mixed case
        assert sorted(j["code"] for j in ro_api.rows("jobs")) == ["MDC-BRK", "MDC-HLW", "MDC-RDG"]
        qualified = [r for r in rows if r["stage"] in ("interview", "offer", "hired") and not r["disqualified"]]
        assert len(qualified) == 15 and len({r["email"].lower() for r in qualified}) == 13
        assert {r["email"] for r in rows} >= {e for _, _, e in DAIRY_RETURNING[:3]}
        assert DAIRY_RETURNING[3][2] not in emails


def test_emberton_160_kiosk_answers(ro_api):
    """migrate-05: 160 applicants; the unmapped stages, decimal commas, untested applicants."""
    from vendors.workwell.seed import emberton_160_rows

    state = ro_api.reset("emberton-160", 139)
    assert state["tables"]["candidates"] == 160 and state["tables"]["jobs"] == 4
    stages = {s["slug"] for s in ro_api.get("stages").json["stages"]}
    assert {"physical-test", "fitness-retest"} <= stages
    rows = ro_api.rows("candidates")
    bleep = [r["answers"][0]["answer"] for r in rows]
    assert 5 <= sum(b is not None and "," in b for b in bleep) <= 30
    assert 20 <= sum(b is None for b in bleep) <= 70
    assert 2 <= sum(r["phone"] is None for r in rows) <= 16
    assert sum(r["stage"] in ("physical-test", "fitness-retest") for r in rows) >= 6
    jobs, cands = emberton_160_rows(139)
    assert [c.id for c in cands] == [r["id"] for r in rows]
    assert [j.shortcode for j in jobs] == [r["shortcode"] for r in ro_api.rows("jobs")]


def test_emberton_keeps_its_answers(ro_api):
    """The 2,400-applicant `emberton` is unchanged: no decimal commas, no untested applicants."""
    ro_api.reset("emberton", 139)
    rows = ro_api.rows("candidates")
    assert all(a["answer"] is not None and "," not in a["answer"] for r in rows for a in r["answers"])
