"""Seeds are deterministic, sized as documented, fast, and dates are account-local midnights."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from vendors.benchline.seed import DATASETS

from .helpers import Api, make_app


def test_same_dataset_and_seed_dump_byte_identically():
    a, b = Api(make_app()), Api(make_app())
    assert a.dump() == b.dump()
    other = Api(make_app(seed=2))
    assert other.dump()["candidates"] != a.dump()["candidates"]


@pytest.mark.parametrize("dataset", ["small", "kestrel-1", "mine-sites", "rail", "tallgrass"])
def test_counts_are_exact(dataset):
    api = Api(make_app(dataset))
    n_cand, n_jobs, n_pl, n_sub = DATASETS[dataset][:4]
    counts = api.control("reset", {"dataset": dataset, "seed": 3})["tables"]
    assert (counts["candidates"], counts["job_orders"], counts["placements"], counts["job_submissions"]) == \
        (n_cand, n_jobs, n_pl, n_sub)
    assert counts["events"] == 0 and counts["event_subscriptions"] == 0


def test_large_seeds_and_relations_hold():
    api = Api(make_app())
    counts = api.control("reset", {"dataset": "large", "seed": 1})["tables"]
    assert counts["candidates"] == 5000 and counts["placements"] == 3000
    cands = {r["id"] for r in api.rows("candidates")}
    for p in api.rows("placements"):
        assert p["candidate_id"] in cands
        assert p["date_added"] <= p["date_last_modified"]
        assert p["date_end"] is None or p["date_end"] >= p["date_begin"]


def test_date_fields_are_local_midnight_epoch_ms(api):
    r = api.get("search/Placement?query=*&fields=id,dateBegin,dateEnd&count=50")
    assert r.status_code == 200
    rows = {p["id"]: p for p in api.rows("placements")}
    tz = ZoneInfo("America/Chicago")
    for item in r.json["data"]:
        local = dt.datetime.fromtimestamp(item["dateBegin"] / 1000, tz)
        assert (local.hour, local.minute) == (0, 0)
        assert local.date().isoformat() == rows[item["id"]]["date_begin"]
