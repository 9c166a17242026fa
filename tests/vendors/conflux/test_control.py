"""Control plane: 404 without the token; mutate, clock, revocation and re-link change what the
API returns."""
from __future__ import annotations

from .helpers import CREDS, NONCE, TOKEN, Api, make_app


def test_control_plane_is_404_without_the_token(api):
    for path, method in (("reset", "POST"), ("dump", "GET"), ("mutate", "POST"), ("config", "POST")):
        assert api.client.open(f"/_control/{path}", method=method, json={}).status_code == 404
        assert api.client.open(f"/_control/{path}", method=method, json={},
                               headers={"X-Control-Token": "nope", "X-IB-Via": NONCE}).status_code == 404
    assert api.client.get("/_control/health", headers={"X-Control-Token": TOKEN}).json["vendor"] == "conflux"


def test_mutate_and_clock_change_what_the_api_returns(api):
    api.control("clock", {"set": "2026-06-01T12:00:00Z", "freeze": True})
    out = api.mutate({"op": "create", "table": "candidates",
                      "values": {"account_id": "acct_greenhouse", "remote_id": "9999999", "first_name": "New",
                                 "last_name": "Person", "email_addresses": [{"value": "n@p.example", "type": "WORK"}]}})
    new_id = out["results"][0]["ids"][0]
    got = api.get(f"/candidates/{new_id}").json
    assert got["remote_id"] == "9999999" and got["modified_at"] == "2026-06-01T12:00:00Z"
    api.control("clock", {"advance_s": 3600})
    api.mutate({"op": "update", "table": "candidates", "id": new_id, "values": {"title": "Chef"}})
    changed = api.get("/candidates?modified_after=2026-06-01T12:30:00Z").json["results"]
    assert [(x["id"], x["title"], x["modified_at"]) for x in changed] == [(new_id, "Chef", "2026-06-01T13:00:00Z")]


def test_bad_mutations_are_400(api):
    for op in ({"op": "create", "table": "candidates", "values": {"account_id": "nope", "remote_id": "1"}},
               {"op": "create", "table": "applications", "values": {"account_id": "acct_lever", "remote_id": "1",
                                                                    "candidate_id": "x", "job_id": "y"}},
               {"op": "relink", "account_id": "nope"}):
        assert api.mutate(op, expect=400)["errors"][0]["code"] == "invalid_op"


def test_revocation_and_relink_regenerate_ids():
    app = make_app()
    a, b = Api(app), Api(app, CREDS["account_token_b"])
    before, _ = a.walk("/candidates")
    b_before, _ = b.walk("/candidates")
    a.config(revoked_accounts=["acct_greenhouse"])
    r = a.get("/candidates")
    assert r.status_code == 401 and r.json["errors"][0]["code"] == "account_token_invalid"
    assert b.get("/candidates?page_size=30").status_code == 200  # the other account still works
    a.config(relink_accounts=["acct_greenhouse"])
    after, _ = a.walk("/candidates")
    assert sorted(x["remote_id"] for x in after) == sorted(x["remote_id"] for x in before)
    assert not {x["id"] for x in after} & {x["id"] for x in before}
    assert a.get(f"/candidates/{before[0]['id']}").status_code == 404
    by_remote = {x["remote_id"]: x for x in after}
    old = before[0]
    new = by_remote[old["remote_id"]]
    assert new["first_name"] == old["first_name"] and len(new["applications"]) == len(old["applications"])
    appl = a.get(f"/applications/{new['applications'][0]}").json
    assert appl["candidate"] == new["id"] and a.get(f"/jobs/{appl['job']}").status_code == 200
    b_after, _ = b.walk("/candidates")
    assert b_after == b_before  # the other account is untouched
    bad = a.control("config", {"settings": {"revoked_accounts": "acct_greenhouse"}}, expect=400)
    assert bad["errors"][0]["code"] == "invalid_settings"


def test_relink_mutate_op_on_quillon_keeps_remote_ids():
    api = Api(make_app("quillon", 43))
    before, _ = api.walk("/candidates")
    out = api.mutate({"op": "relink", "account_id": "acct_quillon"},
                     {"op": "update", "table": "candidates", "where": {"account_id": "acct_quillon"}, "limit": 5,
                      "order_by": "remote_id", "values": {"title": "Adjuster II"}})
    assert out["results"][0]["regenerated"] > 300
    after, _ = api.walk("/candidates")
    assert {x["remote_id"] for x in after} == {x["remote_id"] for x in before}
    assert not {x["id"] for x in after} & {x["id"] for x in before}
    assert sum(x["title"] == "Adjuster II" for x in after) == 5
