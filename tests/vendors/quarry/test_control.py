"""The proxy guard and the control plane as Quarry serves them."""
from __future__ import annotations

from .helpers import KEY, NONCE, TOKEN, basic


def test_guard_refuses_and_logs_requests_without_the_nonce(api):
    r = api.client.post("/candidate.list", json={}, headers={"Authorization": basic(KEY)})
    assert r.status_code == 403
    assert r.json["success"] is False and r.json["errorInfo"]["code"] == "proxy_bypass"
    assert "QUARRY_BASE_URL" in r.json["errorInfo"]["message"]
    wrong = api.client.post("/job.list", json={}, headers={"Authorization": basic(KEY), "X-IB-Via": "guess"})
    assert wrong.status_code == 403
    log = api.dump()["tables"]["bypass_log"]["rows"]
    assert [(row[1], row[2], row[4]) for row in log] == [("POST", "/candidate.list", "missing_via"),
                                                       ("POST", "/job.list", "wrong_via")]
    assert api.rpc("candidate.list", {}).status_code == 200
    assert len(api.dump()["tables"]["bypass_log"]["rows"]) == 2
    assert api.client.get("/docs/").status_code == 403
    assert api.client.get("/docs/", headers={"X-IB-Via": NONCE}).status_code == 200


def test_control_plane_is_404_without_the_token(api):
    for method, path in (("POST", "reset"), ("GET", "dump"), ("POST", "mutate"), ("POST", "clock"),
                         ("POST", "config"), ("GET", "health")):
        assert api.client.open(f"/_control/{path}", method=method, json={}).status_code == 404, path
        assert api.client.open(f"/_control/{path}", method=method, json={},
                               headers={"X-Control-Token": "nope"}).status_code == 404, path
    health = api.client.get("/_control/health", headers={"X-Control-Token": TOKEN})
    assert health.status_code == 200 and health.json["vendor"] == "quarry"


def test_mutate_changes_what_the_api_returns(api):
    cand = api.ok("candidate.list", {"limit": 1})["results"][0]
    out = api.ok_control("mutate", {"ops": [
        {"op": "update", "table": "candidates", "id": cand["id"], "values": {"name": "Renamed Person"}},
        {"op": "create", "table": "candidates", "values": {"name": "Made By Control", "email": "made@example.com"}},
    ]})
    new_id = out["results"][1]["ids"][0]
    assert api.ok("candidate.info", {"id": cand["id"]})["results"]["name"] == "Renamed Person"
    made = api.ok("candidate.info", {"id": new_id})["results"]
    assert made["primaryEmailAddress"]["value"] == "made@example.com" and len(made["id"]) == 36
    apps = api.ok("application.list", {"candidateId": cand["id"]})["results"]
    api.ok_control("mutate", {"ops": [{"op": "delete", "table": "candidates", "id": cand["id"]}]})
    assert api.failure("candidate.info", {"id": cand["id"]})["code"] == "not_found"
    for a in apps:  # cascade: the candidate's applications went with it
        assert api.failure("application.info", {"applicationId": a["id"]})["code"] == "not_found"


def test_clock_changes_what_the_api_returns(api):
    r = api.rpc("job.list", {"limit": 1})
    assert r.headers["Date"] == "Mon, 02 Mar 2026 09:00:00 GMT"
    api.ok_control("clock", {"set": "2026-04-01T12:00:00Z", "freeze": True})
    made = api.ok("candidate.create", {"name": "Later Person"})["results"]
    assert made["createdAt"] == made["updatedAt"] == "2026-04-01T12:00:00.000Z"
    assert api.rpc("job.list", {}).headers["Date"] == "Wed, 01 Apr 2026 12:00:00 GMT"
