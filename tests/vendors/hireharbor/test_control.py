"""The proxy guard and the control plane as HireHarbor serves them."""
from __future__ import annotations

from .helpers import KEY, NONCE, TOKEN, basic


def test_guard_refuses_and_logs_requests_without_the_nonce(api):
    r = api.client.get("/v1/candidates", headers={"Authorization": basic(KEY)})
    assert r.status_code == 403 and r.json["code"] == "proxy_bypass"
    assert "HIREHARBOR_BASE_URL" in r.json["message"]
    wrong = api.client.post("/v1/candidates", json={}, headers={"Authorization": basic(KEY), "X-IB-Via": "guess"})
    assert wrong.status_code == 403
    log = api.dump()["tables"]["bypass_log"]["rows"]
    assert [(row[1], row[2], row[4]) for row in log] == [("GET", "/v1/candidates", "missing_via"),
                                                       ("POST", "/v1/candidates", "wrong_via")]
    assert api.get("/v1/candidates").status_code == 200
    assert len(api.dump()["tables"]["bypass_log"]["rows"]) == 2
    assert api.client.get("/docs/").status_code == 403
    assert api.client.get("/docs/", headers={"X-IB-Via": NONCE}).status_code == 200


def test_control_plane_is_404_without_the_token(api):
    for method, path in (("POST", "reset"), ("GET", "dump"), ("POST", "mutate"), ("POST", "clock"),
                         ("POST", "emit"), ("POST", "config"), ("GET", "outbox"), ("GET", "health")):
        assert api.client.open(f"/_control/{path}", method=method, json={}).status_code == 404, path
        assert api.client.open(f"/_control/{path}", method=method, json={},
                               headers={"X-Control-Token": "nope"}).status_code == 404, path
    health = api.client.get("/_control/health", headers={"X-Control-Token": TOKEN})
    assert health.status_code == 200 and health.json["vendor"] == "hireharbor"


def test_mutate_changes_what_the_api_returns(api):
    api.ok_control("mutate", {"ops": [
        {"op": "update", "table": "candidates", "id": 3, "values": {"title": "Charge Nurse"}},
        {"op": "create", "table": "candidates", "values": {"first_name": "New", "last_name": "Person",
                                                           "emails": ["new.person@example.com"]}},
        {"op": "update", "table": "applications", "id": 2, "values": {"status": "rejected",
                                                                      "rejection_reason": "Other"}},
    ]})
    assert api.get("/v1/candidates/3").json["title"] == "Charge Nurse"
    found = api.get("/v1/candidates?email=NEW.person@example.com").json
    assert len(found) == 1 and found[0]["id"] == 51
    assert api.get("/v1/applications/2").json["status"] == "rejected"
    api.ok_control("mutate", {"ops": [{"op": "delete", "table": "candidates", "id": 51}]})
    assert api.get("/v1/candidates/51").status_code == 404
    assert api.control("mutate", {"ops": [{"op": "move", "application_id": 99999, "to_stage_id": 1}]}).status_code == 400


def test_clock_changes_what_the_api_returns(api):
    assert api.get("/v1/users").headers["Date"] == "Mon, 02 Mar 2026 09:00:00 GMT"
    api.ok_control("clock", {"set": "2026-04-01T12:00:00Z", "freeze": True})
    r = api.patch("/v1/candidates/5", {"company": "Later Ltd"})
    assert r.headers["Date"] == "Wed, 01 Apr 2026 12:00:00 GMT" and r.json["updated_at"] == "2026-04-01T12:00:00Z"
    api.ok_control("clock", {"advance_s": 600})
    made = api.post("/v1/candidates", {"first_name": "Tick", "last_name": "Tock"}).json
    assert made["created_at"] == "2026-04-01T12:10:00Z"
    assert [c["id"] for c in api.get("/v1/candidates?updated_after=2026-04-01T12:00:00Z").json] == [made["id"]]


def test_search_lag_hides_new_candidates_from_the_email_search(api):
    api.ok_control("clock", {"set": "2026-03-02T09:00:00Z", "freeze": True})
    api.ok_control("config", {"settings": {"search_lag_s": 5}})
    api.post("/v1/candidates", {"first_name": "La", "last_name": "Gged", "emails": ["lagged@example.com"]})
    assert api.get("/v1/candidates?email=lagged@example.com").json == []
    dup = api.post("/v1/candidates", {"first_name": "La", "last_name": "Gged", "emails": ["lagged@example.com"]})
    assert dup.status_code == 422 and dup.json["code"] == "email_taken"  # the write path is not lagged
    api.ok_control("clock", {"advance_s": 6})
    assert len(api.get("/v1/candidates?email=lagged@example.com").json) == 1


def test_email_check_lag_lets_a_quick_second_create_through(api):
    """email_check_lag (trap email-taken-from-index): the uniqueness check reads the lagging
    index, so a create within search_lag_s of the first makes a second person; later, or with
    the setting off, the same create is 422 email_taken."""
    api.ok_control("clock", {"set": "2026-03-02T09:00:00Z", "freeze": True})
    api.ok_control("config", {"settings": {"search_lag_s": 5, "email_check_lag": True}})
    body = {"first_name": "Twi", "last_name": "Ce", "emails": ["twice@example.com"]}
    assert api.post("/v1/candidates", body).status_code == 201
    second = api.post("/v1/candidates", body)
    assert second.status_code == 201  # fires: a duplicate person
    api.ok_control("clock", {"advance_s": 6})
    assert len(api.get("/v1/candidates?email=twice@example.com").json) == 2
    third = api.post("/v1/candidates", {**body, "emails": ["TWICE@example.com"]})
    assert third.status_code == 422 and third.json["code"] == "email_taken"  # silent once indexed
    api.ok_control("config", {"settings": {"email_check_lag": False}})
    api.post("/v1/candidates", {**body, "emails": ["once@example.com"]})
    again = api.post("/v1/candidates", {**body, "emails": ["once@example.com"]})
    assert again.status_code == 422 and again.json["code"] == "email_taken"  # silent without the setting
    bad = api.control("config", {"settings": {"email_check_lag": "yes"}})
    assert bad.status_code == 400


def test_coop_starts_with_the_lagging_index(api):
    api.reset("coop", 71)
    body = {"first_name": "New", "last_name": "Milker", "emails": ["new.milker@example.com"]}
    assert api.post("/v1/candidates", body).status_code == 201
    assert api.get("/v1/candidates?email=new.milker@example.com").json == []
    assert api.post("/v1/candidates", body).status_code == 201
    api.reset("small", 1)
    assert api.post("/v1/candidates", body).status_code == 201
    assert api.post("/v1/candidates", body).status_code == 422


def test_coop_index_trails_by_ten_seconds_and_the_list_does_not(api):
    api.reset("coop", 71)
    api.ok_control("clock", {"set": "2026-03-02T09:00:00Z", "freeze": True})
    body = {"first_name": "New", "last_name": "Milker", "emails": ["late.milker@example.com"]}
    cid = api.post("/v1/candidates", body).json["id"]
    api.ok_control("clock", {"advance_s": 7})
    assert api.get("/v1/candidates?email=late.milker@example.com").json == []  # past the docs' "few seconds"
    recent = api.get("/v1/candidates?updated_after=2026-03-02T08:59:59Z").json
    assert [c["id"] for c in recent] == [cid]  # the plain list, filtered by time, is not lagged
    assert api.post("/v1/candidates", body).status_code == 201  # and the duplicate check trails as well
    api.ok_control("clock", {"advance_s": 4})
    assert [c["id"] for c in api.get("/v1/candidates?email=late.milker@example.com").json] == [cid]
    assert api.post("/v1/candidates", {**body, "emails": ["Late.Milker@example.com"]}).status_code == 422


def test_scheduled_mutation_lands_between_read_and_move(api):
    a = api.get("/v1/applications?status=active").json[0]
    stages = [s["id"] for s in api.get(f"/v1/jobs/{a['job_id']}/stages").json]
    cur = a["current_stage"]["id"]
    other = [s for s in stages if s != cur]
    api.ok_control("config", {"settings": {"scheduled_mutations": [
        {"on": {"method": "POST", "path": f"/v1/applications/{a['id']}/move"}, "nth": 1,
         "ops": [{"op": "move", "application_id": a["id"], "to_stage_id": other[0], "user_id": 1}]}]}})
    r = api.post(f"/v1/applications/{a['id']}/move", {"from_stage_id": cur, "to_stage_id": other[1]})
    assert r.status_code == 409 and r.json["current_stage_id"] == other[0]


def test_reset_restores_the_dataset(api):
    api.post("/v1/candidates", {"first_name": "Gone", "last_name": "Soon"})
    assert api.reset("small", 1)["tables"]["candidates"] == 50
    assert api.get("/v1/activity").json == []
