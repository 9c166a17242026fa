"""Proxy guard and control plane."""
from __future__ import annotations

from .helpers import KEY, TOKEN, basic


def test_guard_blocks_requests_without_via(api):
    r = api.client.get("/v1/contacts", headers={"Authorization": basic(KEY)})
    assert r.status_code == 403 and "base URL" in r.get_data(as_text=True)
    rows = api.dump()["tables"]["bypass_log"]["rows"]
    assert rows and rows[-1][2] == "/v1/contacts"
    assert api.get("/v1/contacts").status_code == 200


def test_control_plane_needs_token(api):
    assert api.client.get("/_control/dump").status_code == 404
    assert api.client.post("/_control/reset", json={}, headers={"X-Control-Token": "nope"}).status_code == 404
    assert api.client.get("/_control/health", headers={"X-Control-Token": TOKEN}).status_code == 200


def test_mutate_changes_what_the_api_returns(api):
    o = api.get("/v1/opportunities?archived=false&stage=new-lead&limit=1").json["data"][0]
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "opportunities", "id": o["id"],
                                       "values": {"stage": "interview"}}]})
    got = api.get(f"/v1/opportunities/{o['id']}").json["data"]
    assert got["stage"] == "interview" and got["stageChanges"][-1]["toStage"] == "interview"
    assert got["lastAdvancedAt"] == got["stageChanges"][-1]["updatedAt"]
    acts = api.walk(f"/v1/opportunities/{o['id']}/activities")
    assert acts[-1]["type"] == "stage_changed" and acts[-1]["user"] is None
    r = api.ok_control("mutate", {"ops": [{"op": "create", "table": "contacts",
                                           "values": {"name": "New Person", "email": "new@example.com"}}]})
    cid = r["results"][0]["ids"][0]
    assert api.get("/v1/contacts?email=new@example.com").json["data"][0]["id"] == cid


def test_clock_changes_timestamps(api):
    me = api.user_id()
    api.ok_control("clock", {"set": "2026-06-15T08:00:00Z", "freeze": True})
    c = api.post(f"/v1/contacts?perform_as={me}", {"name": "Late Comer"}).json["data"]
    assert c["createdAt"] == 1781510400000
    api.ok_control("clock", {"advance_s": 86400})
    c2 = api.post(f"/v1/contacts?perform_as={me}", {"name": "Later"}).json["data"]
    assert c2["createdAt"] - c["createdAt"] == 86_400_000


def test_reset_restores_the_dataset(api):
    me = api.user_id()
    api.post(f"/v1/contacts?perform_as={me}", {"name": "Extra"})
    assert len(api.walk("/v1/contacts")) == 51
    api.reset("small", 1)
    assert len(api.walk("/v1/contacts")) == 50


def test_interview_booking_leaves_last_interaction_alone(api):
    """Trap `interview-booking-not-interaction` firing: a booked interview is in the activity log
    and the interview list, but lastInteractionAt (and updatedAt) do not move."""
    o = api.get("/v1/opportunities?archived=false&limit=1").json["data"][0]
    api.ok_control("clock", {"advance_s": 3600})
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "interviews",
                                       "values": {"opportunity_id": o["id"], "scheduled_at": "2026-04-07T00:30:00Z"}}]})
    got = api.get(f"/v1/opportunities/{o['id']}").json["data"]
    assert got["lastInteractionAt"] == o["lastInteractionAt"] and got["updatedAt"] == o["updatedAt"]
    ivs = api.walk(f"/v1/opportunities/{o['id']}/interviews")
    assert ivs[-1]["date"] == 1775521800000
    acts = api.walk(f"/v1/opportunities/{o['id']}/activities")
    assert acts[-1]["type"] == "interview_scheduled" and acts[-1]["createdAt"] > o["lastInteractionAt"]


def test_note_moves_last_interaction(api):
    """The same trap silent: a note (as documented) moves lastInteractionAt."""
    o = api.get("/v1/opportunities?archived=false&limit=1").json["data"][0]
    api.ok_control("clock", {"advance_s": 3600})
    me = api.user_id()
    r = api.post(f"/v1/opportunities/{o['id']}/notes?perform_as={me}", {"value": "Called back."})
    assert r.status_code == 201
    got = api.get(f"/v1/opportunities/{o['id']}").json["data"]
    assert got["lastInteractionAt"] == r.json["data"]["createdAt"] > o["lastInteractionAt"]


def test_interview_reschedule_is_logged_but_leaves_last_interaction_alone(api):
    """Trap `interview-reschedule-not-interaction` firing: moving an interview to another time
    keeps its id and createdAt, moves its date and updatedAt, writes an `interview_rescheduled`
    activity, and leaves the opportunity's lastInteractionAt alone."""
    o = api.get("/v1/opportunities?archived=false&limit=1").json["data"][0]
    r = api.ok_control("mutate", {"ops": [{"op": "create", "table": "interviews",
                                           "values": {"opportunity_id": o["id"], "scheduled_at": "2026-04-07T00:30:00Z"}}]})
    iv_id = r["results"][0]["ids"][0]
    before = next(i for i in api.walk(f"/v1/opportunities/{o['id']}/interviews") if i["id"] == iv_id)
    api.ok_control("clock", {"advance_s": 7200})
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "interviews", "id": iv_id,
                                       "values": {"scheduled_at": "2026-04-09T01:00:00Z"}}]})
    after = next(i for i in api.walk(f"/v1/opportunities/{o['id']}/interviews") if i["id"] == iv_id)
    assert after["createdAt"] == before["createdAt"] and after["date"] == 1775696400000
    assert after["updatedAt"] > before["updatedAt"]
    got = api.get(f"/v1/opportunities/{o['id']}").json["data"]
    assert got["lastInteractionAt"] == o["lastInteractionAt"]
    acts = api.walk(f"/v1/opportunities/{o['id']}/activities")
    assert acts[-1]["type"] == "interview_rescheduled" and acts[-1]["createdAt"] == after["updatedAt"]
    assert acts[-1]["data"] == {"interviewId": iv_id, "fromDate": 1775521800000, "date": 1775696400000}


def test_interview_change_without_a_new_time_is_not_logged(api):
    """The same trap silent: an interview update that keeps its time writes no activity."""
    o = api.get("/v1/opportunities?archived=false&limit=1").json["data"][0]
    r = api.ok_control("mutate", {"ops": [{"op": "create", "table": "interviews",
                                           "values": {"opportunity_id": o["id"], "scheduled_at": "2026-04-07T00:30:00Z"}}]})
    iv_id = r["results"][0]["ids"][0]
    n = len(api.walk(f"/v1/opportunities/{o['id']}/activities"))
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "interviews", "id": iv_id, "values": {"duration_min": 60}}]})
    assert len(api.walk(f"/v1/opportunities/{o['id']}/activities")) == n


def test_mutate_chooses_by_a_date_comparison(api):
    rows = sorted(api.rows("opportunities"), key=lambda r: (r["created_at"], r["id"]))
    line = rows[len(rows) // 2]["created_at"]
    later = [x["id"] for x in rows if x["created_at"] > line]
    assert later and len(later) < len(rows)
    r = api.ok_control("mutate", {"ops": [{"op": "update", "table": "opportunities",
                                           "where": {"created_at": {"gt": line}}, "order_by": "created_at",
                                           "limit": 1, "values": {"archive_reason": "picked"}}]})
    assert r["results"][0]["ids"] == [later[0]]
    bad = api.control("mutate", {"ops": [{"op": "update", "table": "opportunities",
                                          "where": {"created_at": {"gt": "soon"}}, "values": {}}]})
    assert bad.status_code == 400 and "bad value for opportunities.created_at" in bad.get_data(as_text=True)
