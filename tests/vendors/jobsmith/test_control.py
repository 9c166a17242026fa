"""Jobsmith's control plane and proxy guard."""
from __future__ import annotations

from .helpers import KEY, TOKEN


def test_proxy_guard_refuses_requests_without_the_nonce(ro_api):
    r = ro_api.client.get(f"/v1/jobs?apikey={KEY}")
    assert r.status_code == 403 and r.json["status"] == "error"
    assert ro_api.client.get(f"/v1/jobs?apikey={KEY}", headers={"X-IB-Via": "wrong"}).status_code == 403


def test_control_plane_is_404_without_the_token(ro_api):
    assert ro_api.client.post("/_control/reset", json={"dataset": "small", "seed": 1}).status_code == 404
    assert ro_api.client.get("/_control/dump", headers={"X-Control-Token": TOKEN + "x"}).status_code == 404


def test_mutate_changes_what_the_api_returns(api):
    assert api.get("/v1/applicants/3").json["first_name"] != "Renamed"
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "applicants", "id": 3, "values": {"first_name": "Renamed"}}]})
    assert api.get("/v1/applicants/3").json["first_name"] == "Renamed"
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "applicants", "id": 3, "values": {"hidden": True}}]})
    assert api.get("/v1/applicants/3").status_code == 404
    assert 3 not in [a["id"] for a in api.walk("/v1/applicants")[0]]
    res = api.ok_control("mutate", {"ops": [{"op": "set_status", "applicant_id": 4, "job_id": 6, "status": "Hired"}]})
    assert res
    assert any(h["applicant_id"] == 4 for h in api.walk("/v1/hires")[0])
    assert api.control("mutate", {"ops": [{"op": "set_status", "applicant_id": 4, "job_id": 6, "status": "Nope"}]}).status_code == 400


def test_clock_changes_what_the_api_returns(api):
    before = api.post_form("/v1/notes", {"applicant_id": "1", "contents": "a"}).json["note"]["date"]
    api.ok_control("clock", {"advance_s": 3 * 86400})
    after = api.post_form("/v1/notes", {"applicant_id": "1", "contents": "b"}).json["note"]["date"]
    assert after > before
