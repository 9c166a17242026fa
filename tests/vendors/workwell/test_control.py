"""The proxy guard and the control plane as Workwell serves them."""
from __future__ import annotations

from .helpers import BASE, KEY, NONCE, TOKEN


def test_guard_refuses_and_logs_requests_without_the_nonce(api):
    r = api.client.get(f"{BASE}/candidates", headers={"Authorization": f"Bearer {KEY}"})
    assert r.status_code == 403 and r.json["error_code"] == "proxy_bypass"
    assert "WORKWELL_BASE_URL" in r.json["error"]
    wrong = api.client.post(f"{BASE}/candidates/40/move", json={"target_stage": "hired"},
                            headers={"Authorization": f"Bearer {KEY}", "X-IB-Via": "guess"})
    assert wrong.status_code == 403
    log = api.dump()["tables"]["bypass_log"]["rows"]
    assert [(row[1], row[2], row[4]) for row in log] == [("GET", f"{BASE}/candidates", "missing_via"),
                                                       ("POST", f"{BASE}/candidates/40/move", "wrong_via")]
    assert api.get("candidates").status_code == 200
    assert len(api.dump()["tables"]["bypass_log"]["rows"]) == 2
    # a wrong tenant is still a bypass first (logged), then a 404 for a proxied request
    assert api.client.get("/t/other/spi/v3/jobs", headers={"Authorization": f"Bearer {KEY}"}).status_code == 403
    assert api.dump()["tables"]["bypass_log"]["rows"][-1][2] == "/t/other/spi/v3/jobs"
    assert api.get("/t/other/spi/v3/jobs").status_code == 404
    assert api.client.get("/docs/").status_code == 403
    assert api.client.get("/docs/", headers={"X-IB-Via": NONCE}).status_code == 200


def test_control_plane_is_404_without_the_token(api):
    for method, path in (("POST", "reset"), ("GET", "dump"), ("POST", "mutate"), ("POST", "clock"),
                         ("POST", "config"), ("GET", "health")):
        assert api.client.open(f"/_control/{path}", method=method, json={}).status_code == 404, path
        assert api.client.open(f"/_control/{path}", method=method, json={},
                               headers={"X-Control-Token": "nope"}).status_code == 404, path
    health = api.client.get("/_control/health", headers={"X-Control-Token": TOKEN})
    assert health.status_code == 200 and health.json["vendor"] == "workwell"


def test_mutate_changes_what_the_api_returns(api):
    jobs = api.get("jobs").json["jobs"]
    job = next(j for j in jobs if j["state"] == "published")
    cand = api.get(f"candidates?shortcode={job['shortcode']}").json["candidates"][0]
    api.ok_control("mutate", {"ops": [
        {"op": "update", "table": "candidates", "id": int(cand["id"], 16),
         "values": {"disqualified": True, "disqualification_reason": "No show"}},
        {"op": "update", "table": "jobs", "id": int(job["id"], 16), "values": {"state": "closed"}},
        {"op": "create", "table": "candidates", "values": {
            "id": 0x1000, "job_id": int(job["id"], 16), "firstname": "New", "lastname": "Rider",
            "email": "new.rider@example.com", "stage": "applied"}},
    ]})
    after = api.get(f"candidates/{cand['id']}").json["candidate"]
    assert after["disqualified"] and after["disqualified_at"] == "2026-03-02T09:00:00Z"
    assert api.get(f"jobs/{job['shortcode']}").json["closed_at"] is not None
    new = api.get("candidates?since_id=1000").json["candidates"]
    assert [c["id"] for c in new] == ["1000"] and new[0]["job"]["shortcode"] == job["shortcode"]
    # the next id the API mints continues after it
    other = next(j for j in jobs if j["state"] == "published" and j["id"] != job["id"])
    made = api.post(f"jobs/{other['shortcode']}/candidates", {"candidate": {"name": "Next One"}}).json["candidate"]
    assert made["id"] == "1001"
    api.ok_control("mutate", {"ops": [{"op": "delete", "table": "candidates", "id": 0x1000}]})
    assert api.get("candidates/1000").status_code == 404


def test_clock_changes_what_the_api_returns(api):
    r = api.get("candidates?limit=1")
    assert r.headers["Date"] == "Mon, 02 Mar 2026 09:00:00 GMT"
    api.ok_control("clock", {"set": "2026-04-01T12:00:00Z", "freeze": True})
    cid = api.get("candidates?stage=applied").json["candidates"][0]["id"]
    moved = api.post(f"candidates/{cid}/move", {"target_stage": "phone-screen"})
    assert moved.headers["Date"] == "Wed, 01 Apr 2026 12:00:00 GMT"
    assert moved.json["candidate"]["updated_at"] == "2026-04-01T12:00:00Z"
    assert [c["id"] for c in api.get("candidates?updated_after=2026-04-01T11:59:59Z").json["candidates"]] == [cid]
    api.ok_control("clock", {"advance_s": 600})
    assert api.get("candidates?updated_after=2026-04-01T12:00:00Z").json["candidates"] == []


def test_scheduled_mutations_fire_after_the_nth_request(api):
    cid = api.get("candidates?stage=applied").json["candidates"][0]["id"]
    api.ok_control("config", {"settings": {"scheduled_mutations": [
        {"after_requests": 3, "ops": [{"op": "update", "table": "candidates", "id": int(cid, 16),
                                       "values": {"stage": "hired"}}]}]}})
    assert api.get(f"candidates/{cid}").json["candidate"]["stage"] == "Applied"
    assert api.get(f"candidates/{cid}").json["candidate"]["stage"] == "Applied"
    assert api.get(f"candidates/{cid}").json["candidate"]["stage"] == "Hired"


def test_reset_restores_the_dataset(api):
    sc = next(j["shortcode"] for j in api.get("jobs").json["jobs"] if j["state"] == "published")
    api.post(f"jobs/{sc}/candidates", {"candidate": {"name": "Temp Person"}})
    state = api.reset("small", 1)
    assert state["tables"]["candidates"] == 50


def test_hire_op_and_offer_changes_touch_the_candidate(api):
    api.ok_control("clock", {"set": "2026-03-03T08:00:00Z", "freeze": True})
    sc = next(j["shortcode"] for j in api.get("jobs").json["jobs"] if j["state"] == "published")
    res = api.ok_control("mutate", {"ops": [
        {"op": "hire", "candidate": {"job_shortcode": sc, "firstname": "Nia", "lastname": "Okafor",
                                     "email": "nia@example.com"}, "start_date": "2026-04-07"}]})["results"][0]
    cid = res["hex_id"]
    cand = api.get(f"candidates/{cid}").json["candidate"]
    assert cand["stage"] == "Hired" and cand["created_at"] == "2026-03-03T08:00:00Z"
    assert api.get(f"candidates/{cid}/offer").json["offer"]["start_date"] == "2026-04-07"
    applied = api.get("candidates?stage=applied").json["candidates"][0]["id"]
    api.ok_control("mutate", {"ops": [{"op": "hire", "candidate_id": int(applied, 16), "start_date": None}]})
    assert api.get(f"candidates/{applied}/offer").json["offer"]["start_date"] is None
    api.ok_control("clock", {"advance_s": 3600})
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "offers", "where": {"candidate_id": int(cid, 16)},
                                       "values": {"start_date": "2026-04-12"}}]})
    changed = api.get("candidates?updated_after=2026-03-03T08:30:00Z").json["candidates"]
    assert [c["id"] for c in changed] == [cid]
    assert api.get(f"candidates/{cid}/offer").json["offer"]["start_date"] == "2026-04-12"
    assert api.control("mutate", {"ops": [{"op": "hire", "candidate_id": 1, "start_date": "x"}]}).status_code == 400
