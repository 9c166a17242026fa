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


@pytest.mark.parametrize("dataset", ["small", "kestrel-1", "kestrel-2", "mine-sites", "rail", "tallgrass",
                                     "tallgrass-qe"])
def test_counts_are_exact(dataset):
    api = Api(make_app(dataset))
    n_cand, n_jobs, n_pl, n_sub = DATASETS[dataset][:4]
    counts = api.control("reset", {"dataset": dataset, "seed": 3})["tables"]
    assert (counts["candidates"], counts["job_orders"], counts["placements"], counts["job_submissions"]) == \
        (n_cand, n_jobs, n_pl, n_sub)
    assert counts["events"] == 0 and counts["event_subscriptions"] == (1 if dataset == "mine-sites" else 0)


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


@pytest.mark.parametrize("seed", [37, 5])
def test_mine_sites_plants_the_gate_edge_cases(seed):
    """fix-09's mine-sites: two Approved placements end today, one ended yesterday still
    Approved, and a renewal (one person, one job order, two Approved placements, the first over);
    the other datasets have none of it planted (kestrel-1 is unchanged)."""
    api = Api(make_app("mine-sites", seed))
    today = api.ctx.clock.now().date()
    rows = api.rows("placements")
    approved = [p for p in rows if p["status"] == "Approved"]
    assert sum(p["date_end"] == today.isoformat() for p in approved) >= 2
    assert sum(p["date_end"] == (today - dt.timedelta(days=1)).isoformat() for p in approved) >= 1
    pairs: dict = {}
    for p in approved:
        pairs.setdefault((p["candidate_id"], p["job_order_id"]), []).append(p)
    renewals = [v for v in pairs.values() if len(v) == 2 and any(p["date_end"] is None for p in v)
                and any(p["date_end"] is not None and p["date_end"] < today.isoformat() for p in v)]
    assert renewals
    for p in rows:
        assert p["date_end"] is None or p["date_end"] >= p["date_begin"]


def test_mine_sites_holds_the_gate_pollers_standing_subscription():
    """fix-09's mine-sites: the old poller's subscription rvm-gate-list exists (409 on subscribing
    that name; a poll answers the next request id, 3742, with no events); kestrel-1 has none."""
    api = Api(make_app("mine-sites", 37))
    api.login()
    r = api.call("PUT", "event/subscription/rvm-gate-list?type=entity&names=Placement&eventTypes=INSERTED")
    assert r.status_code == 409 and r.json["errorMessageKey"] == "errors.subscriptionExists"
    r = api.get("event/subscription/rvm-gate-list?maxEvents=100")
    assert r.status_code == 200 and r.json == {"requestId": 3742, "events": []}
    other = Api(make_app("kestrel-1", 37))
    other.login()
    assert other.get("event/subscription/rvm-gate-list?maxEvents=100").status_code == 404


def _day(ms: int, zone: str) -> str:
    return dt.datetime.fromtimestamp(ms / 1000, ZoneInfo(zone)).date().isoformat()


def test_tallgrass_qe_dates_are_perth_midnights_and_plants_hold():
    """migrate-06's tallgrass-qe: the account is in Australia/Perth (trait account-zone-perth),
    so its dates are Perth midnights (16:00 UTC the day before); the planted boundary dates
    and half-cent rates are there."""
    api = Api(make_app("tallgrass-qe", 149))
    counts = api.control("reset", {"dataset": "tallgrass-qe", "seed": 149})["tables"]
    assert (counts["candidates"], counts["job_orders"], counts["placements"]) == (120, 20, 240)
    rows = {p["id"]: p for p in api.rows("placements")}
    api.login()
    seen = []
    for start in (0, 200):
        r = api.get(f"search/Placement?query=*&fields=id,status,dateBegin,dateEnd,payRate,clientBillRate"
                    f"&count=200&start={start}")
        assert r.status_code == 200
        seen += r.json["data"]
    assert len(seen) == 240
    for item in seen:
        utc = dt.datetime.fromtimestamp(item["dateBegin"] / 1000, dt.timezone.utc)
        assert (utc.hour, utc.minute) == (16, 0)  # Perth midnight (UTC+8, no DST)
        assert _day(item["dateBegin"], "Australia/Perth") == rows[item["id"]]["date_begin"]
        assert _day(item["dateBegin"], "America/Chicago") != rows[item["id"]]["date_begin"]
    term = [p for p in seen if p["status"] == "Terminated"]
    assert [_day(p["dateEnd"], "Australia/Perth") for p in term[:2]] == ["2026-01-01", "2025-12-31"]
    assert 41.675 in [p["payRate"] for p in seen] and 45.125 in [p["clientBillRate"] for p in seen]
    # a date written to this account is read in Perth too
    pid = seen[0]["id"]
    r = api.call("POST", f"entity/Placement/{pid}", json={"dateEnd": 1772380800000})  # 2026-03-02 Perth midnight
    assert r.status_code == 200 and {p["id"]: p for p in api.rows("placements")}[pid]["date_end"] == "2026-03-02"


def test_other_datasets_keep_chicago_dates():
    """Silent: every other dataset's account stays in America/Chicago."""
    api = Api(make_app("small", 1))
    api.login()
    r = api.get("search/Placement?query=*&fields=id,dateBegin&count=20")
    for item in r.json["data"]:
        local = dt.datetime.fromtimestamp(item["dateBegin"] / 1000, ZoneInfo("America/Chicago"))
        assert (local.hour, local.minute) == (0, 0)


def test_kestrel_2_is_kestrel_1_in_london():
    """build-09 v2's kestrel-2 (trait account-zone-london): the same rows as kestrel-1 with the same
    seed, but the account is in Europe/London, so its dates go on the wire as London midnights:
    00:00 UTC in winter, 23:00 UTC the day before in summer (BST). kestrel-1 keeps Chicago's."""
    london, chicago = Api(make_app("kestrel-2", 14)), Api(make_app("kestrel-1", 14))
    assert london.dump() == chicago.dump()
    rows = {p["id"]: p for p in london.rows("placements")}
    hours, seen = set(), []
    london.login()
    chicago.login()
    for start in (0, 200, 400):
        q = f"search/Placement?query=*&fields=id,dateBegin,dateEnd&count=200&start={start}"
        r = london.get(q)
        assert r.status_code == 200
        seen += r.json["data"]
        for item, other in zip(r.json["data"], chicago.get(q).json["data"]):
            assert item["id"] == other["id"]
            assert (item["dateBegin"] == other["dateBegin"]) is False  # silent: kestrel-1 stays in Chicago
            assert _day(other["dateBegin"], "America/Chicago") == rows[item["id"]]["date_begin"]
    assert len(seen) == 600
    for item in seen:
        for field, col in (("dateBegin", "date_begin"), ("dateEnd", "date_end")):
            if item[field] is None:
                assert rows[item["id"]][col] is None
                continue
            utc = dt.datetime.fromtimestamp(item[field] / 1000, dt.timezone.utc)
            hours.add((utc.hour, utc.minute))
            assert _day(item[field], "Europe/London") == rows[item["id"]][col]
            assert _day(item[field], "America/Chicago") != rows[item["id"]][col]
    assert hours == {(0, 0), (23, 0)}  # GMT and BST midnights both on the wire
    # a date search and a date written to this account are read in London too
    r = london.get("search/Placement?query=dateBegin:[1775430000000 TO 1775430000000]&fields=id,dateBegin")
    assert r.status_code == 200 and r.json["total"] >= 0
    assert all(rows[p["id"]]["date_begin"] == "2026-04-06" for p in r.json["data"])
    pid = seen[0]["id"]
    r = london.call("POST", f"entity/Placement/{pid}", json={"dateEnd": 1775430000000})  # 2026-04-06 London
    assert r.status_code == 200 and {p["id"]: p for p in london.rows("placements")}[pid]["date_end"] == "2026-04-06"
