"""The setting `disqualify_keeps_updated_at` (default off; `emberton-160` turns it on) and the
candidate list's `disqualified` / `disqualified_after` filters (always available)."""
from __future__ import annotations

import pytest

from vendors.workwell.seed import emberton_160_rows


def _candidate(api, cid: str) -> dict:
    return api.get(f"candidates/{cid}").json["candidate"]


def _first_open(api) -> dict:
    return next(c for c in api.get("candidates?limit=100").json["candidates"] if not c["disqualified"])


def _later(api, seconds: int = 60) -> None:
    api.ok_control("clock", {"advance_s": seconds})


def test_setting_is_off_by_default_and_a_disqualification_moves_updated_at(api):
    api.reset("small", 1)
    assert "disqualify_keeps_updated_at" not in api.ok_control("config", {"settings": {}})["settings"]
    cd = _first_open(api)
    _later(api)
    dq = api.post(f"candidates/{cd['id']}/disqualify", {"disqualification_reason": "Withdrew"}).json["candidate"]
    assert dq["disqualified"] and dq["updated_at"] > cd["updated_at"] and dq["disqualified_at"] == dq["updated_at"]
    # and through a control op (as a scenario's mutate step)
    other = [c for c in api.get("candidates?limit=100").json["candidates"] if not c["disqualified"]][1]
    _later(api)
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "candidates", "id": int(other["id"], 16),
                                       "values": {"disqualified": True, "disqualification_reason": "Withdrew",
                                                  "disqualified_at": "$now"}}]})
    assert _candidate(api, other["id"])["updated_at"] > other["updated_at"]


def test_setting_on_keeps_updated_at_through_the_api_and_control_ops(api):
    api.reset("small", 1)
    api.ok_control("config", {"settings": {"disqualify_keeps_updated_at": True}})
    cd = _first_open(api)
    _later(api)
    dq = api.post(f"candidates/{cd['id']}/disqualify", {"disqualification_reason": "Withdrew"}).json["candidate"]
    assert dq["disqualified"] and dq["disqualified_at"] > cd["updated_at"]
    assert dq["updated_at"] == cd["updated_at"]
    since = cd["updated_at"]
    assert cd["id"] not in [c["id"] for c in api.get(f"candidates?limit=100&updated_after={since}").json["candidates"]]
    assert cd["id"] in [c["id"] for c in api.get(f"candidates?limit=100&disqualified_after={since}").json["candidates"]]
    # a control op (a scenario's mutate step) that only disqualifies keeps updated_at too
    other = [c for c in api.get("candidates?limit=100").json["candidates"] if not c["disqualified"]][1]
    _later(api)
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "candidates", "id": int(other["id"], 16),
                                       "values": {"disqualified": True, "disqualification_reason": "Withdrew",
                                                  "disqualified_at": "$now"}}]})
    after = _candidate(api, other["id"])
    assert after["disqualified"] and after["updated_at"] == other["updated_at"]
    assert after["disqualified_at"] > other["updated_at"]
    # a stage move, an answer change and a revert still move updated_at
    _later(api)
    back = api.post(f"candidates/{cd['id']}/revert").json["candidate"]
    assert not back["disqualified"] and back["updated_at"] > cd["updated_at"]
    _later(api)
    moved = api.post(f"candidates/{cd['id']}/move", {"target_stage": "interview"}).json["candidate"]
    assert moved["updated_at"] > back["updated_at"]
    _later(api)
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "candidates", "id": int(other["id"], 16),
                                       "values": {"stage": "offer"}}]})
    assert _candidate(api, other["id"])["updated_at"] > after["updated_at"]


def test_setting_refuses_a_non_boolean(api):
    r = api.control("config", {"settings": {"disqualify_keeps_updated_at": "yes"}})
    assert r.status_code == 400 and r.json["error_code"] == "invalid_settings"


def test_emberton_160_turns_it_on_and_its_data_shows_it(api):
    assert api.reset("emberton-160", 139) and api.ok_control("config", {"settings": {}})["settings"] == {
        "disqualify_keeps_updated_at": True}
    rows = api.get("candidates?limit=100").json["candidates"]
    rows += api.get(f"candidates?limit=100&since_id={format(int(rows[-1]['id'], 16) + 1, 'x')}").json["candidates"]
    dq = [c for c in rows if c["disqualified"]]
    assert len(rows) == 160 and len(dq) >= 10
    later = [c for c in dq if c["disqualified_at"] > c["updated_at"]]
    assert len(later) >= len(dq) - 2 and all(c["created_at"] <= c["updated_at"] for c in dq)
    # only the disqualified rows differ from the plain rows: the rest is as before the setting
    _, cands = emberton_160_rows(139)
    assert [c.id for c in cands] == [int(r["id"], 16) for r in rows]
    # a scenario's disqualification leaves updated_at alone
    target = next(c for c in rows if not c["disqualified"] and c["stage_slug"] == "physical-test")
    _later(api)
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "candidates", "id": int(target["id"], 16),
                                       "values": {"disqualified": True, "disqualification_reason": "Withdrew",
                                                  "disqualified_at": "$now"}}]})
    assert _candidate(api, target["id"])["updated_at"] == target["updated_at"]


def test_other_datasets_keep_the_setting_off(api):
    for ds in ("small", "emberton", "dairy"):
        api.reset(ds, 139)
        assert "disqualify_keeps_updated_at" not in api.ok_control("config", {"settings": {}})["settings"], ds


def test_disqualified_filter(ro_api):
    ro_api.reset("small", 1)
    every = ro_api.get("candidates?limit=100").json["candidates"]
    yes = ro_api.get("candidates?limit=100&disqualified=true").json["candidates"]
    no = ro_api.get("candidates?limit=100&disqualified=false").json["candidates"]
    assert yes and all(c["disqualified"] for c in yes) and all(not c["disqualified"] for c in no)
    assert sorted(c["id"] for c in yes + no) == sorted(c["id"] for c in every)
    # it combines with the other filters and the paging keeps it
    page = ro_api.get("candidates?limit=2&disqualified=true").json
    assert len(page["candidates"]) == 2 and "disqualified=true" in page["paging"]["next"]
    items, _ = ro_api.walk("candidates?limit=2&disqualified=true", "candidates")
    assert [c["id"] for c in items] == [c["id"] for c in yes]


def test_disqualified_after_filter(ro_api):
    ro_api.reset("small", 1)
    dq = sorted((c for c in ro_api.get("candidates?limit=100").json["candidates"] if c["disqualified"]),
                key=lambda c: c["disqualified_at"])
    assert len(dq) >= 3
    cut = dq[1]["disqualified_at"]
    got = ro_api.get(f"candidates?limit=100&disqualified_after={cut}").json["candidates"]
    assert {c["id"] for c in got} == {c["id"] for c in dq if c["disqualified_at"] > cut}  # strictly after
    assert all(c["disqualified"] for c in got)
    offset = cut.replace("Z", "%2B00:00")  # +00:00, URL-encoded
    assert ro_api.get(f"candidates?limit=100&disqualified_after={offset}").json["candidates"] == got


@pytest.mark.parametrize("query", ["disqualified=yes", "disqualified=1", "disqualified=TRUE",
                                   "disqualified_after=yesterday", "disqualified_after=2026-03-01T00:00:00",
                                   "disqualified_after=2026-13-01T00:00:00Z"])
def test_malformed_filters_are_400(ro_api, query):
    r = ro_api.get(f"candidates?{query}")
    assert r.status_code == 400 and r.json["error_code"] == "invalid_parameter", r.get_data(as_text=True)
