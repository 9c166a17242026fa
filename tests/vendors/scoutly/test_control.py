"""The control plane: 404 without the token; reset, mutate, clock, emit, config change what the
API returns; scheduled mutations land between list pages."""
from __future__ import annotations

from .helpers import NONCE, TOKEN, Api, make_app


def test_control_plane_is_404_without_the_token(ro_api):
    for path in ("health", "dump", "reset", "mutate", "clock", "emit", "config", "outbox"):
        assert ro_api.client.post(f"/_control/{path}").status_code in (404,)
        assert ro_api.client.get(f"/_control/{path}", headers={"X-Control-Token": "wrong"}).status_code == 404
    assert ro_api.client.get("/_control/health", headers={"X-Control-Token": TOKEN}).json["vendor"] == "scoutly"


def test_mutate_changes_what_the_api_returns(api):
    app_ = api.get("/v1/applications?status=OFFERED&limit=1").json["content"][0]
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "applications", "id": app_["id"],
                                       "values": {"status": "HIRED"}}]})
    got = api.get(f"/v1/applications/{app_['id']}").json
    assert got["status"] == "HIRED" and got["statusChangedOn"] >= app_["updatedOn"]
    res = api.ok_control("mutate", {"ops": [{"op": "create", "table": "jobs",
                                             "values": {"ref_number": "CTL-1", "title": "Steward"}}]})
    jid = res["results"][0]["ids"][0]
    assert api.get(f"/v1/jobs/{jid}").json["refNumber"] == "CTL-1"
    bad = api.control("mutate", {"ops": [{"op": "create", "table": "jobs", "values": {"ref_number": "CTL-1", "title": "x"}}]})
    assert bad.status_code == 409
    assert api.control("mutate", {"ops": [{"op": "update", "table": "applications", "id": app_["id"],
                                           "values": {"status": "DONE"}}]}).status_code == 400


def test_clock_moves_timestamps_and_date_header(api):
    before = api.get("/v1/candidates?limit=1")
    assert before.headers["Date"] == "Mon, 02 Mar 2026 09:00:00 GMT" or before.headers["Date"].startswith("Mon, 02 Mar 2026")
    api.ok_control("clock", {"advance_s": 86400})
    cand = before.json["content"][0]
    up = api.post(f"/v1/candidates/{cand['id']}", {"lastName": "Later"}).json
    assert up["updatedOn"].startswith("2026-03-03")
    assert api.get("/v1/candidates?limit=1").headers["Date"].startswith("Tue, 03 Mar 2026")


def test_emit_status_change_and_resend(api):
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "subscriptions",
                                       "values": {"callback_url": "http://127.0.0.1:9/h"}}]})
    app_ = api.get("/v1/applications?status=OFFERED&limit=1").json["content"][0]
    res = api.ok_control("emit", {"events": [{"type": "application.status.updated", "id": app_["id"],
                                              "status": "HIRED"}]})["results"][0]
    assert res["event_id"] and len(res["deliveries"]) == 1
    assert api.get(f"/v1/applications/{app_['id']}").json["status"] == "HIRED"
    again = api.ok_control("emit", {"events": [{"type": "resend", "id": res["event_id"]}]})["results"][0]
    assert again["resent"] and again["event_id"] == res["event_id"]
    out = api.ok_control("outbox", method="GET")
    assert [d["event_id"] for d in out["deliveries"]] == [res["event_id"]] * 2
    assert api.control("emit", {"events": [{"type": "fee.created", "id": "x"}]}).status_code == 400


def test_scheduled_edits_between_list_pages_move_records_under_updated_on_sort(api):
    """fix-08's drift: an edit lands before the 2nd list call; with sort=updatedOn desc the edited
    record jumps to the front, behind the walker, and a naive offset walk misses it."""
    last = api.get("/v1/candidates?sort=updatedOn&order=desc&offset=49&limit=1").json["content"][0]
    api.config(scheduled_mutations=[{"on": {"method": "GET", "path": "/v1/candidates"}, "nth": 2,
                                     "ops": [{"op": "update", "table": "candidates", "id": last["id"],
                                              "values": {"last_name": "Edited"}}]}])
    api.ctx.clock.advance(1)
    seen = []
    for offset in range(0, 50, 10):
        seen += api.get(f"/v1/candidates?sort=updatedOn&order=desc&offset={offset}&limit=10").json["content"]
    ids = [c["id"] for c in seen]
    assert last["id"] not in ids and len(ids) == 50 and len(set(ids)) == 49
    assert api.get(f"/v1/candidates/{last['id']}").json["lastName"] == "Edited"


def test_config_refuses_unknown_settings(api):
    r = api.control("config", {"settings": {"warp_speed": 1}})
    assert r.status_code == 400
    assert api.client.get("/v1/candidates", headers={"X-SmartToken": "sc_test_7d1e4b92a0c3",
                                                      "X-IB-Via": NONCE}).status_code == 200


def test_reset_restores_the_dataset():
    api = Api(make_app())
    api.post("/v1/candidates", {"firstName": "A", "lastName": "B", "email": "a@b.co"})
    assert api.get("/v1/candidates").json["totalFound"] == 51
    api.reset("small", 1)
    assert api.get("/v1/candidates").json["totalFound"] == 50


def test_rotation_scheduled_at_a_vendor_instant(api):
    """harden-04: `scheduled_mutations` with `at` and the `rotate_keys` op rotate mid-run."""
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "subscriptions",
                                       "values": {"callback_url": "http://127.0.0.1:9/h"}}]})
    sid = api.get("/v1/subscriptions").json["content"][0]["id"]
    api.config(scheduled_mutations=[{"at": "2026-03-02T09:01:00Z",
                                     "ops": [{"op": "rotate_keys", "secret": "sk_q2", "overlap_s": 120}]}])
    assert [k["status"] for k in api.get(f"/v1/subscriptions/{sid}/secret-keys").json["content"]] == ["current"]
    api.ok_control("clock", {"advance_s": 61})
    keys = api.get(f"/v1/subscriptions/{sid}/secret-keys").json["content"]
    assert [(k["status"], k["secret"]) for k in keys] == [("current", "sk_q2"),
                                                          ("previous", "sk_test_scoutly_3a9f1c7e5b2d")]
    api.ok_control("clock", {"advance_s": 121})
    assert [k["secret"] for k in api.get(f"/v1/subscriptions/{sid}/secret-keys").json["content"]] == ["sk_q2"]
