"""Workwell's `seasonal-40-repeats` (build-06 v2): seasonal-40's records byte for byte, plus
people who applied to the same store job again (the same name, e-mail and phone as a new
candidate of the job; Workwell does not deduplicate). seasonal-40 itself has none."""
from __future__ import annotations

from collections import defaultdict

from .helpers import Api, make_app


def _tables(api, dataset, seed=4):
    api.reset(dataset, seed)
    d = api.dump()
    d.pop("clock")
    return d["tables"]


def _groups(rows):
    by = defaultdict(list)
    for r in rows:
        by[(r["job_id"], r["email"])].append(r)
    return {k: v for k, v in by.items() if len(v) > 1}


def test_repeats_keep_seasonal_40_records_byte_for_byte():
    plain, repeats = _tables(Api(make_app()), "seasonal-40"), _tables(Api(make_app()), "seasonal-40-repeats")
    assert plain.keys() == repeats.keys()
    for name, table in plain.items():
        extra = repeats[name]["rows"][len(table["rows"]):]
        assert repeats[name]["rows"][:len(table["rows"])] == table["rows"], name
        assert not extra or name == "candidates", name
    assert len(repeats["candidates"]["rows"]) - len(plain["candidates"]["rows"]) == 22 + 2 * 2 + 4


def test_seasonal_40_has_no_repeat_applications(ro_api):
    ro_api.reset("seasonal-40", 4)
    assert _groups(ro_api.rows("candidates")) == {}


def test_repeat_applications_fire(ro_api):
    ro_api.reset("seasonal-40-repeats", 4)
    rows = ro_api.rows("candidates")
    jobs = {j["id"]: j for j in ro_api.rows("jobs")}
    groups = _groups(rows)
    assert sorted(len(v) for v in groups.values()) == [2] * 26 + [3] * 2
    for (job_id, _), group in groups.items():
        assert int(jobs[job_id]["custom_fields"][0]["value"][3:]) <= 40  # a store job
        first, *later = sorted(group, key=lambda r: r["id"])
        assert not first["disqualified"]
        for r in later:
            assert (r["firstname"], r["lastname"], r["phone"]) == (first["firstname"], first["lastname"], first["phone"])
            assert r["created_at"] > first["created_at"] and r["id"] > first["id"]
    dup = [r for g in groups.values() for r in g if r["disqualified"]]
    assert len(dup) == 4 and {r["disqualification_reason"] for r in dup} == {"Duplicate application"}
    # On the wire: the same e-mail twice on one job, two ids.
    job = jobs[next(iter(groups))[0]]
    email = next(iter(groups))[1]
    listed = ro_api.get(f"candidates?shortcode={job['shortcode']}&email={email}").json["candidates"]
    assert len(listed) == 2 and len({c["id"] for c in listed}) == 2


def test_repeat_applications_deterministic():
    a, b = Api(make_app()), Api(make_app())
    assert _tables(a, "seasonal-40-repeats", 9) == _tables(b, "seasonal-40-repeats", 9)
