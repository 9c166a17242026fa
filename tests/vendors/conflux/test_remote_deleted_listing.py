"""A linked account whose customer turned off listing remote-deleted records (greyhollow): lists
and `remote_id` lookups without `include_remote_deleted` leave them out, an explicit `true` and
a read by id still show them, account-details says so; silent for accounts that list them (every
other dataset)."""
from __future__ import annotations

from .helpers import Api, make_app


def test_account_that_hides_remote_deleted_records():
    api = Api(make_app("greyhollow", 79))
    details = api.get("/account-details").json
    assert details["remote_deleted_listed"] is False
    default, _ = api.walk("/candidates")
    everything, _ = api.walk("/candidates", include_remote_deleted="true")
    assert len(everything) == 811 and len(default) == 740  # 800 people and 11 leftovers of the re-link
    assert not any(c["remote_was_deleted"] for c in default)
    twice = {c["remote_id"] for c in everything if sum(d["remote_id"] == c["remote_id"] for d in everything) > 1}
    gone = next(c for c in everything if c["remote_was_deleted"] and c["remote_id"] not in twice)
    r = api.get(f"/candidates/{gone['id']}")
    assert r.status_code == 200 and r.json["remote_was_deleted"] is True
    assert api.get(f"/candidates?remote_id={gone['remote_id']}").json["results"] == []
    found = api.get(f"/candidates?remote_id={gone['remote_id']}&include_remote_deleted=true").json["results"]
    assert [c["id"] for c in found] == [gone["id"]]
    # a cursor of the default walk goes on with the default, not with an explicit true
    first = api.get("/candidates?page_size=30")
    assert api.get(f"/candidates?page_size=30&cursor={first.json['next']}").status_code == 200
    r = api.get(f"/candidates?page_size=30&include_remote_deleted=true&cursor={first.json['next']}")
    assert r.status_code == 400 and r.json["errors"][0]["code"] == "cursor_mismatch"


def test_silent_for_accounts_that_list_them():
    api = Api(make_app("small", 1))
    assert api.get("/account-details").json["remote_deleted_listed"] is True
    default, _ = api.walk("/candidates")
    explicit, _ = api.walk("/candidates", include_remote_deleted="true")
    assert [c["id"] for c in default] == [c["id"] for c in explicit]
    assert any(c["remote_was_deleted"] for c in default)
    hidden, _ = api.walk("/candidates", include_remote_deleted="false")
    assert len(hidden) == len(default) - sum(c["remote_was_deleted"] for c in default)
    assert api.get("/candidates?include_remote_deleted=maybe").status_code == 400
