"""The proxy guard and the control plane as Placemint serves them."""
from __future__ import annotations

from .helpers import KEY, NONCE, TOKEN


def test_guard_refuses_and_logs_requests_without_the_nonce(api):
    r = api.client.get("/v1/placements", headers={"Authorization": f"Bearer {KEY}"})
    assert r.status_code == 403
    assert r.json["error"]["type"] == "permission_error" and r.json["error"]["code"] == "proxy_bypass"
    assert "PLACEMINT_BASE_URL" in r.json["error"]["message"]
    wrong = api.client.post("/v1/fees", json={}, headers={"Authorization": f"Bearer {KEY}", "X-IB-Via": "guess"})
    assert wrong.status_code == 403
    log = api.dump()["tables"]["bypass_log"]["rows"]
    assert [(row[1], row[2], row[4]) for row in log] == [("GET", "/v1/placements", "missing_via"),
                                                       ("POST", "/v1/fees", "wrong_via")]
    # with the nonce: served, and nothing more is logged
    assert api.get("/v1/placements").status_code == 200
    assert len(api.dump()["tables"]["bypass_log"]["rows"]) == 2
    # docs too are behind the guard
    assert api.client.get("/docs/").status_code == 403
    assert api.client.get("/docs/", headers={"X-IB-Via": NONCE}).status_code == 200


def test_control_plane_is_404_without_the_token(api):
    for method, path in (("POST", "reset"), ("GET", "dump"), ("POST", "mutate"), ("POST", "clock"),
                         ("POST", "emit"), ("POST", "config"), ("GET", "outbox"), ("GET", "health")):
        assert api.client.open(f"/_control/{path}", method=method, json={}).status_code == 404, path
        assert api.client.open(f"/_control/{path}", method=method, json={},
                               headers={"X-Control-Token": "nope"}).status_code == 404, path
    health = api.client.get("/_control/health", headers={"X-Control-Token": TOKEN})
    assert health.status_code == 200 and health.json["vendor"] == "placemint"


def test_mutate_changes_what_the_api_returns(api):
    p = api.get("/v1/placements?status=active&limit=1").json["data"][0]
    api.ok_control("mutate", {"ops": [
        {"op": "update", "table": "placements", "id": p["id"], "values": {"rate_cents": 12345}},
        {"op": "create", "table": "placements", "values": {
            "candidate_email": "new.temp@example.com", "candidate_name": "New Temp", "client_code": "KCC-LIB",
            "start_date": "2026-03-09", "rate_cents": 1800, "external_ref": "KCC-T00001"}},
    ]})
    after = api.get(f"/v1/placements/{p['id']}").json
    assert after["rate_cents"] == 12345 and after["version"] == p["version"] + 1
    found = api.get("/v1/placements?external_ref=KCC-T00001").json["data"]
    assert found and found[0]["status"] == "active" and found[0]["id"].startswith("plc_")
    assert api.get("/v1/placements?limit=1").json["total"] == 51
    api.ok_control("mutate", {"ops": [{"op": "delete", "table": "placements", "id": found[0]["id"]}]})
    assert api.get(f"/v1/placements/{found[0]['id']}").status_code == 404


def test_clock_changes_what_the_api_returns(api):
    r = api.get("/v1/placements?limit=1")
    assert r.headers["Date"] == "Mon, 02 Mar 2026 09:00:00 GMT"
    api.ok_control("clock", {"set": "2026-04-01T12:00:00Z", "freeze": True})
    p = api.get("/v1/placements?limit=1").json["data"][0]
    changed = api.patch(f"/v1/placements/{p['id']}", {"job_title": "Later"})
    assert changed.headers["Date"] == "Wed, 01 Apr 2026 12:00:00 GMT"
    assert changed.json["updated_at"] == "2026-04-01T12:00:00Z"
    assert [x["id"] for x in api.get("/v1/placements?modified_since=2026-04-01T12:00:00Z").json["data"]] == [p["id"]]
    api.ok_control("clock", {"advance_s": 600})
    fee = api.post("/v1/fees", {"placement_id": p["id"], "week": "2026-W14", "amount_cents": 1}).json
    assert fee["created_at"] == "2026-04-01T12:10:00Z"
    assert api.get("/v1/placements?modified_since=2026-04-01T12:00:01Z").json["total"] == 0


def test_scheduled_mutations_fire_after_the_nth_request(api):
    p = api.get("/v1/placements?status=active&limit=1").json["data"][0]
    api.ok_control("config", {"settings": {"scheduled_mutations": [
        {"after_requests": 3, "ops": [{"op": "update", "table": "placements", "id": p["id"],
                                       "values": {"status": "canceled"}}]},
        {"on": {"method": "POST", "path": "/v1/fees"}, "nth": 1,
         "ops": [{"op": "update", "table": "placements", "id": p["id"], "values": {"job_title": "Edited by a recruiter"}}]},
    ]}})
    assert api.get(f"/v1/placements/{p['id']}").json["status"] == "active"  # silent before the trigger
    assert api.get(f"/v1/placements/{p['id']}").json["status"] == "active"
    assert api.get(f"/v1/placements/{p['id']}").json["status"] == "canceled"  # fired after API request 3
    api.post("/v1/fees", {"placement_id": p["id"], "week": "2026-W10", "amount_cents": 1})
    assert api.get(f"/v1/placements/{p['id']}").json["job_title"] == "Edited by a recruiter"
    log = api.dump()["tables"]["control_log"]["rows"]
    assert [row[1] for row in log] == ["rule1", "rule2"]


def test_reset_restores_the_dataset(api):
    api.post("/v1/fees", {"placement_id": api.get("/v1/placements?limit=1").json["data"][0]["id"],
                          "week": "2026-W10", "amount_cents": 1})
    api.ok_control("config", {"settings": {"search_lag_s": 5}})
    before = api.get("/v1/fees?limit=1").json["total"]
    state = api.reset("small", 1)
    assert state["tables"]["fees"] == before - 1
    assert api.ok_control("config", {"settings": {}})["settings"] == {}
