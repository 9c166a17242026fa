"""The proxy guard and the control plane as ClearCheck serves them."""
from __future__ import annotations

from .helpers import KEY, NONCE, TOKEN


def test_guard_refuses_and_logs_requests_without_the_nonce(api):
    r = api.client.get("/v1/checks", headers={"X-Api-Key": KEY})
    assert r.status_code == 403 and r.json["error"]["code"] == "proxy_bypass"
    assert "CLEARCHECK" in r.json["error"]["message"]
    assert api.client.get("/v1/checks", headers={"X-Api-Key": KEY, "X-IB-Via": "guess"}).status_code == 403
    log = api.dump()["tables"]["bypass_log"]["rows"]
    assert [(row[1], row[2], row[4]) for row in log] == [("GET", "/v1/checks", "missing_via"),
                                                       ("GET", "/v1/checks", "wrong_via")]
    assert api.get("/v1/checks").status_code == 200
    assert api.client.get("/docs/").status_code == 403
    assert api.client.get("/docs/", headers={"X-IB-Via": NONCE}).status_code == 200


def test_control_plane_is_404_without_the_token(api):
    for method, path in (("POST", "reset"), ("GET", "dump"), ("POST", "mutate"), ("POST", "clock"),
                         ("POST", "emit"), ("POST", "config"), ("GET", "outbox"), ("GET", "health")):
        assert api.client.open(f"/_control/{path}", method=method, json={}).status_code == 404, path
        assert api.client.open(f"/_control/{path}", method=method, json={},
                               headers={"X-Control-Token": "nope"}).status_code == 404, path
    health = api.client.get("/_control/health", headers={"X-Control-Token": TOKEN})
    assert health.status_code == 200 and health.json["vendor"] == "clearcheck"


def test_mutate_changes_what_the_api_returns(api):
    cand = api.get("/v1/candidates?limit=1").json["data"][0]
    res = api.ok_control("mutate", {"ops": [
        {"op": "create", "table": "checks", "values": {"candidate_id": cand["id"], "package": "standard",
                                                       "external_id": "APP-CTL", "planned_result": "consider"}}]})
    cid = res["results"][0]["ids"][0]
    got = api.get("/v1/checks?external_id=APP-CTL").json["data"]
    assert [c["id"] for c in got] == [cid] and got[0]["status"] == "pending"
    # a control update that completes the check has the natural effects (result, report)
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "checks", "id": cid, "values": {"status": "complete"}}]})
    done = api.get(f"/v1/checks/{cid}").json
    assert done["status"] == "complete" and done["result"] == "consider" and done["report_id"]
    assert api.get(f"/v1/reports/{done['report_id']}").status_code == 200
    bad = api.control("mutate", {"ops": [{"op": "update", "table": "checks", "id": cid, "values": {"status": "odd"}}]})
    assert bad.status_code == 400
    assert api.control("mutate", {"ops": [{"op": "create", "table": "checks",
                                           "values": {"candidate_id": "cand_nope", "package": "standard"}}]}
                       ).status_code == 400


def test_clock_changes_what_the_api_returns(api):
    api.ok_control("clock", {"set": "2026-03-02T09:00:00Z", "freeze": True})
    assert api.get("/v1/checks?limit=1").headers["Date"] == "Mon, 02 Mar 2026 09:00:00 GMT"
    open_now = {c["id"] for c in api.walk("/v1/checks?status=pending,in_progress")}
    assert len(open_now) >= 5
    api.ok_control("clock", {"advance_s": 7 * 3600})
    later = {c["id"] for c in api.walk("/v1/checks?status=pending,in_progress")}
    assert len(later) < len(open_now)
    # the transitions are stamped with their planned instants, so updated_since finds them
    moved = api.walk("/v1/checks?updated_since=2026-03-02T09:00:00Z")
    assert {c["id"] for c in moved} >= open_now - later


def test_materialised_state_does_not_depend_on_request_timing(api):
    """Two apps: one polled every hour, one only at the end — the same dump."""
    from .helpers import Api, make_app

    other = Api(make_app())
    for a in (api, other):
        a.ok_control("clock", {"set": "2026-03-02T09:00:00Z", "freeze": True})
    for _ in range(8):
        api.ok_control("clock", {"advance_s": 3600})
        api.get("/v1/checks")
    other.ok_control("clock", {"advance_s": 8 * 3600})
    a, b = api.dump()["tables"], other.dump()["tables"]
    for t in ("checks", "reports"):
        assert a[t] == b[t], t
