"""Proxy guard and control plane."""
from __future__ import annotations

from .helpers import NONCE, TOKEN


def test_guard_refuses_and_logs_requests_without_the_nonce(api):
    assert api.mint().status_code == 200
    r = api.client.get("/api/v2/requisitions", headers={"Authorization": f"Bearer {api.token}"})
    assert r.status_code == 403 and r.json["error"]["code"] == "proxy_bypass"
    assert "TALENTFORGE_BASE_URL" in r.json["error"]["message"]
    r = api.client.post("/oauth/token", data={"grant_type": "client_credentials"}, headers={"X-IB-Via": "wrong"})
    assert r.status_code == 403
    rows = api.dump()["bypass_log"]["rows"]
    assert [(row[1], row[2], row[4]) for row in rows] == [("GET", "/api/v2/requisitions", "missing_via"),
                                                          ("POST", "/oauth/token", "wrong_via")]
    assert api.get("/api/v2/requisitions?limit=1").status_code == 200  # with the nonce: served
    assert len(api.dump()["bypass_log"]["rows"]) == 2


def test_control_plane_is_404_without_the_token(api):
    for path, method in (("reset", "POST"), ("dump", "GET"), ("mutate", "POST"), ("health", "GET")):
        assert api.client.open(f"/_control/{path}", method=method, json={}).status_code == 404
        r = api.client.open(f"/_control/{path}", method=method, json={},
                            headers={"X-Control-Token": "nope", "X-IB-Via": NONCE})
        assert r.status_code == 404
    assert api.client.get("/_control/health", headers={"X-Control-Token": TOKEN}).json["vendor"] == "talentforge"


def test_mutate_changes_what_the_api_returns(api):
    req = api.rows("requisitions")[0]
    api.mutate({"op": "update", "table": "requisitions", "id": req["id"],
                "values": {"hm_email": "New.Manager@Example.com", "hm_name": "New Manager", "cc_code": "NEW-1"}},
               {"op": "create", "table": "requisitions",
                "values": {"req_code": "REQ-NEW", "title": "Created by another user", "status": "OPEN"}})
    got = api.get(f"/api/v2/requisitions/{req['id']}").json
    assert got["hm"] == {"email": "New.Manager@Example.com", "name": "New Manager"} and got["cc_code"] == "NEW-1"
    new = api.get("/api/v2/requisitions?req_code=REQ-NEW").json["items"]
    assert len(new) == 1 and new[0]["id"].startswith("req_") and new[0]["hm"] is None
    cand = api.rows("candidates")[0]["id"]
    out = api.mutate({"op": "create", "table": "applications",
                      "values": {"requisition_id": new[0]["id"], "candidate_id": cand, "status": "active"}})
    app_id = out["results"][0]["ids"][0]
    assert api.get(f"/api/v2/applications/{app_id}").json["stage"] == "applied"
    api.mutate({"op": "delete", "table": "applications", "id": app_id})
    assert api.get(f"/api/v2/applications/{app_id}").status_code == 404


def test_bad_mutations_are_400_not_500(api):
    for op in ({"op": "create", "table": "applications", "values": {"requisition_id": "req_x", "candidate_id": "c"}},
               {"op": "create", "table": "requisitions", "values": {"title": "no code"}},
               {"op": "create", "table": "candidate_notes", "values": {"candidate_id": "nope", "body": "x"}},
               {"op": "update", "table": "candidates", "id": "cand_nope", "values": {"phone": "1"}},
               {"op": "update", "table": "jobs", "id": "x"}):
        assert api.mutate(op, expect=400)["error"]["code"] == "invalid_op", op


def test_clock_moves_timestamps_of_writes(api):
    api.control("clock", {"set": "2026-06-01T12:00:00.250Z", "freeze": True})
    cand = api.post("/api/v2/candidates", {"first_name": "C", "last_name": "L"}).json
    assert cand["created_at"] == cand["updated_at"] == "2026-06-01T12:00:00Z"
    api.control("clock", {"advance_s": 3600})
    assert api.get("/api/v2/candidates?limit=1").json["error"]["code"] == "token_expired"
    api.mint()
    api.call("PATCH", f"/api/v2/candidates/{cand['id']}", json={"phone": "+1"})
    assert api.get(f"/api/v2/candidates/{cand['id']}").json["updated_at"] == "2026-06-01T13:00:00Z"
    assert api.get("/api/v2/candidates?updated_since=2026-06-01T13:00:00Z").json["items"][0]["id"] == cand["id"]
    r = api.get("/api/v2/candidates?limit=1")
    assert r.headers["Date"] == "Mon, 01 Jun 2026 13:00:00 GMT"
