"""Proxy guard and control plane: mutations and the clock change what the API returns."""
from __future__ import annotations

from .helpers import NONCE, TOKEN, Api


def test_guard_refuses_requests_without_the_via_nonce(api):
    r = api.client.post("/rest-services/login?access_token=x")
    assert r.status_code == 403 and r.json["errorMessageKey"] == "proxy_bypass"
    assert api.client.get("/oauth/authorize").status_code == 403
    assert api.client.get("/dc2/rest/ping", headers={"X-IB-Via": NONCE}).status_code == 401


def test_control_plane_is_404_without_the_token(api):
    assert api.client.get("/_control/dump").status_code == 404
    assert api.client.post("/_control/mutate", json={"ops": []}, headers={"X-Control-Token": "no"}).status_code == 404
    assert api.client.get("/_control/health", headers={"X-Control-Token": TOKEN}).status_code == 200


def test_mutate_changes_the_api_and_records_events(api):
    api.mutate({"op": "update", "table": "placements", "id": 1, "values": {"status": "Terminated"}},
               {"op": "create", "table": "placements",
                "values": {"candidate_id": 2, "job_order_id": 3, "status": "Approved", "date_begin": "2026-03-10"}},
               {"op": "delete", "table": "placements", "id": 4})
    assert api.get("entity/Placement/1?fields=status").json["data"]["status"] == "Terminated"
    assert api.get("entity/Placement/31?fields=dateBegin,status").json["data"]["status"] == "Approved"
    assert api.get("entity/Placement/4?fields=id").status_code == 404
    events = [(e["entity_event_type"], e["entity_id"], e["updated_properties"]) for e in api.rows("events")]
    assert events == [("UPDATED", 1, ["status"]), ("INSERTED", 31, []), ("DELETED", 4, [])]


def test_clock_moves_date_last_modified(api):
    before = api.get("ping").json["sessionExpires"]
    api.advance(600)
    api.call("POST", "entity/Candidate/1", json={"phone": "+1-555-000-0000"})
    ms = api.get("entity/Candidate/1?fields=dateLastModified").json["data"]["dateLastModified"]
    assert ms >= before - 1200 * 1000 + 600 * 1000


def test_settings_validated(api):
    api.control("config", {"settings": {"data_centre": "dc9"}}, expect=400)
    api.control("config", {"settings": {"max_sessions": -1}}, expect=400)
    api.control("config", {"settings": {"nope": 1}}, expect=400)
    api.config(data_centre="dc3")
    api.login()
    assert api.rest == "/dc3/rest/"
