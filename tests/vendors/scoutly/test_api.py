"""Scoutly's public API: a happy path for every endpoint, auth failures for every endpoint,
pagination, sorting, filters, uniqueness (409), screening answers, validation (4xx, never 500)."""
from __future__ import annotations

import pytest

from tests.vendors.conformance import documented_routes, load_openapi

from .helpers import NONCE, Api, make_app

ROUTES = sorted(documented_routes(load_openapi("scoutly")))


@pytest.mark.parametrize("method,path", ROUTES)
def test_every_endpoint_refuses_missing_and_wrong_keys(ro_api, method, path):
    target = path.replace("{candidateId}", "x").replace("{jobId}", "x").replace("{applicationId}", "x") \
        .replace("{subscriptionId}", "x")
    missing = ro_api.call(method, target, key=None)
    assert missing.status_code == 401 and missing.json["code"] == "missing_api_key"
    wrong = ro_api.call(method, target, key="sc_wrong")
    assert wrong.status_code == 401 and wrong.json["code"] == "invalid_api_key"
    bearer = ro_api.call(method, target, key=None, headers={"Authorization": "Bearer sc_test_7d1e4b92a0c3"})
    assert bearer.status_code == 401


def test_proxy_guard(ro_api):
    r = ro_api.client.get("/v1/candidates", headers={"X-SmartToken": "sc_test_7d1e4b92a0c3"})
    assert r.status_code == 403 and r.json["code"] == "proxy_bypass" and "SCOUTLY_BASE_URL" in r.json["message"]
    assert ro_api.client.get("/v1/candidates", headers={"X-SmartToken": "sc_test_7d1e4b92a0c3",
                                                         "X-IB-Via": NONCE}).status_code == 200
    assert ro_api.client.get("/_control/health", headers={"X-IB-Via": NONCE}).status_code == 404
    rows = ro_api.rows("bypass_log")
    # the direct call is a bypass, the nonce'd one is not; a control path is a probe either way
    assert [(r["path"], r["reason"]) for r in rows][-2:] == [
        ("/v1/candidates", "missing_via"), ("/_control/health", "control_probe_via_proxy")]


def test_lists_page_with_limit_offset_and_total(ro_api):
    first = ro_api.get("/v1/candidates?limit=20").json
    assert first["totalFound"] == 50 and first["offset"] == 0 and len(first["content"]) == 20
    everyone = ro_api.walk("/v1/candidates", limit=20)
    assert len(everyone) == 50 and len({c["id"] for c in everyone}) == 50
    assert everyone[:20] == first["content"]
    assert ro_api.get("/v1/candidates?offset=1000").json["content"] == []
    for bad in ("limit=0", "limit=101", "limit=x", "offset=-1", "sort=name", "order=up", "nope=1",
                "updatedAfter=yesterday", "updatedAfter=2026-03-01T00:00:00",
                "updatedAfter=9999-12-31T23:59:59-23:59", "updatedAfter=0000-01-01T00:00:00Z"):
        r = ro_api.get(f"/v1/candidates?{bad}")
        assert r.status_code == 400, bad
        assert set(r.json) >= {"code", "message"}


def test_sort_by_updated_on_and_updated_after(ro_api):
    desc = ro_api.walk("/v1/applications?sort=updatedOn&order=desc")
    stamps = [a["updatedOn"] for a in desc]
    assert stamps == sorted(stamps, reverse=True)
    asc = ro_api.walk("/v1/applications?sort=updatedOn")
    assert [a["updatedOn"] for a in asc] == sorted(stamps)
    cut = stamps[len(stamps) // 2]
    newer = ro_api.walk(f"/v1/applications?updatedAfter={cut}")
    assert newer and all(a["updatedOn"] > cut for a in newer)  # strictly after
    assert len(newer) == sum(1 for s in stamps if s > cut)


def test_filters(ro_api):
    cand = ro_api.get("/v1/candidates?limit=1").json["content"][0]
    assert [c["id"] for c in ro_api.get(f"/v1/candidates?email={cand['email']}").json["content"]] == [cand["id"]]
    ext = next(c for c in ro_api.walk("/v1/candidates") if c["externalId"])
    assert ro_api.get(f"/v1/candidates?externalId={ext['externalId']}").json["content"][0]["id"] == ext["id"]
    job = ro_api.get("/v1/jobs?limit=1").json["content"][0]
    assert ro_api.get(f"/v1/jobs?refNumber={job['refNumber']}").json["totalFound"] == 1
    apps = ro_api.walk(f"/v1/applications?jobId={job['id']}")
    assert apps and all(a["jobId"] == job["id"] for a in apps)
    hired = ro_api.walk("/v1/applications?status=HIRED")
    assert hired and all(a["status"] == "HIRED" for a in hired)
    mine = ro_api.get(f"/v1/applications?candidateId={apps[0]['candidateId']}").json["content"]
    assert all(a["candidateId"] == apps[0]["candidateId"] for a in mine)


def test_get_by_id_and_404(ro_api):
    for noun in ("candidates", "jobs", "applications"):
        item = ro_api.get(f"/v1/{noun}?limit=1").json["content"][0]
        assert ro_api.get(f"/v1/{noun}/{item['id']}").json == item
        r = ro_api.get(f"/v1/{noun}/00000000-0000-4000-8000-000000000000")
        assert r.status_code == 404 and r.json["code"] == "not_found"


def test_candidate_create_update_and_external_id_conflict(api):
    r = api.post("/v1/candidates", {"firstName": "Ada", "lastName": "Okafor", "email": "ada@example.com",
                                    "externalId": "WW-1a2b", "location": {"city": "Leeds"}})
    assert r.status_code == 201
    cand = r.json
    assert cand["externalId"] == "WW-1a2b" and cand["location"] == {"city": "Leeds"} and cand["phoneNumber"] is None
    dup = api.post("/v1/candidates", {"firstName": "A", "lastName": "B", "email": "b@example.com",
                                      "externalId": "WW-1a2b"})
    assert dup.status_code == 409 and dup.json["code"] == "duplicate_external_id"
    assert dup.json["existingId"] == cand["id"]
    api.ctx.clock.advance(5)
    up = api.post(f"/v1/candidates/{cand['id']}", {"phoneNumber": "+44 113 496 0000"})
    assert up.status_code == 200 and up.json["phoneNumber"] == "+44 113 496 0000"
    assert up.json["updatedOn"] > cand["updatedOn"] and up.json["firstName"] == "Ada"
    assert api.call("PATCH", f"/v1/candidates/{cand['id']}", {"firstName": "X"}).status_code == 405
    for bad in ({"firstName": "A"}, {"firstName": "A", "lastName": "B", "email": "nope"},
                {"firstName": "A", "lastName": "B", "email": "a@b.co", "age": 3},
                {"firstName": 1, "lastName": "B", "email": "a@b.co"}):
        r = api.post("/v1/candidates", bad)
        assert r.status_code == 400 and r.json["field"], bad
    assert api.post("/v1/candidates", raw=b"{", headers={"Content-Type": "application/json"}).status_code == 400
    assert api.post("/v1/candidates", raw=b"x=1", headers={"Content-Type": "text/plain"}).status_code == 415


def test_job_ref_number_is_unique(api):
    body = {"refNumber": "EFR-FF-01", "title": "Firefighter", "location": {"name": "Emberton Station 1", "city": "Leeds"},
            "screeningQuestions": [{"id": "q_fit", "text": "Fitness score", "type": "NUMBER"},
                                   {"id": "q_shift", "text": "Shift", "type": "SINGLE_SELECT", "options": ["day", "night"]}]}
    r = api.post("/v1/jobs", body)
    assert r.status_code == 201 and r.json["status"] == "SOURCING" and r.json["location"]["name"] == "Emberton Station 1"
    job = r.json
    again = api.post("/v1/jobs", {**body, "title": "Firefighter (again)"})
    assert again.status_code == 409 and again.json["code"] == "duplicate_ref_number"
    assert again.json["existingId"] == job["id"] and again.json["field"] == "refNumber"
    assert api.get("/v1/jobs?refNumber=EFR-FF-01").json["totalFound"] == 1
    other = api.get("/v1/jobs?limit=1").json["content"][0]
    assert api.post(f"/v1/jobs/{other['id']}", {"refNumber": "EFR-FF-01"}).status_code == 409
    up = api.post(f"/v1/jobs/{job['id']}", {"status": "FILLED"})
    assert up.status_code == 200 and up.json["status"] == "FILLED"
    assert api.post("/v1/jobs", {"refNumber": "X-1", "title": "T", "screeningQuestions": [
        {"id": "a", "text": "t", "type": "SINGLE_SELECT"}]}).status_code == 400
    assert api.post("/v1/jobs", {"refNumber": "X-2", "title": "T", "status": "OPEN"}).status_code == 400


def test_applications_with_screening_answers(api):
    job = api.post("/v1/jobs", {"refNumber": "EFR-FF-02", "title": "Firefighter", "screeningQuestions": [
        {"id": "q_fit", "text": "Fitness score", "type": "NUMBER"},
        {"id": "q_lic", "text": "Licence?", "type": "BOOLEAN"},
        {"id": "q_shift", "text": "Shift", "type": "SINGLE_SELECT", "options": ["day", "night"]}]}).json
    cand = api.post("/v1/candidates", {"firstName": "Ola", "lastName": "Nowak", "email": "ola@example.com"}).json
    answers = [{"questionId": "q_fit", "answer": 87}, {"questionId": "q_lic", "answer": True},
               {"questionId": "q_shift", "answer": "night"}]
    r = api.post("/v1/applications", {"candidateId": cand["id"], "jobId": job["id"], "screeningAnswers": answers})
    assert r.status_code == 201, r.json
    app_ = r.json
    assert app_["status"] == "NEW" and app_["screeningAnswers"] == answers
    dup = api.post("/v1/applications", {"candidateId": cand["id"], "jobId": job["id"]})
    assert dup.status_code == 409 and dup.json["code"] == "duplicate_application" and dup.json["existingId"] == app_["id"]
    for bad, code in (([{"questionId": "q_nope", "answer": 1}], "unknown_question"),
                      ([{"questionId": "q_fit", "answer": "87"}], "invalid_answer"),
                      ([{"questionId": "q_shift", "answer": "evening"}], "invalid_answer"),
                      ([{"questionId": "q_lic", "answer": 1}], "invalid_answer"),
                      ([{"questionId": "q_fit", "answer": 1}, {"questionId": "q_fit", "answer": 2}], "invalid_field")):
        r = api.post(f"/v1/applications/{app_['id']}", {"screeningAnswers": bad})
        assert r.status_code == 400 and r.json["code"] == code, (bad, r.json)
    api.ctx.clock.advance(3)
    up = api.post(f"/v1/applications/{app_['id']}", {"status": "HIRED", "screeningAnswers": answers[:1]})
    assert up.status_code == 200 and up.json["status"] == "HIRED" and up.json["screeningAnswers"] == answers[:1]
    assert up.json["statusChangedOn"] > app_["statusChangedOn"]
    assert api.post(f"/v1/applications/{app_['id']}", {"status": "DONE"}).status_code == 400
    missing = api.post("/v1/applications", {"candidateId": "nope", "jobId": job["id"]})
    assert missing.status_code == 404 and missing.json["code"] == "candidate_not_found"
    missing = api.post("/v1/applications", {"candidateId": cand["id"], "jobId": "nope"})
    assert missing.status_code == 404 and missing.json["code"] == "job_not_found"


def test_subscription_endpoints(api):
    api.config(handshakes_enabled=False)
    r = api.post("/v1/subscriptions", {"callbackUrl": "http://127.0.0.1:9/hooks", "events": ["application.status.updated"]})
    assert r.status_code == 201 and r.json["status"] == "pending" and r.json["events"] == ["application.status.updated"]
    sub = r.json
    assert api.get("/v1/subscriptions").json["totalFound"] == 1
    assert api.get(f"/v1/subscriptions/{sub['id']}").json["id"] == sub["id"]
    act = api.post(f"/v1/subscriptions/{sub['id']}/activation")
    assert act.status_code == 202 and act.json["status"] == "pending"
    keys = api.get(f"/v1/subscriptions/{sub['id']}/secret-keys").json["content"]
    assert len(keys) == 1 and keys[0]["status"] == "current" and keys[0]["secret"].startswith("sk_")
    rot = api.post(f"/v1/subscriptions/{sub['id']}/secret-keys", {"overlapSeconds": 60})
    assert rot.status_code == 201
    assert [k["status"] for k in rot.json["content"]] == ["current", "previous"]
    assert rot.json["content"][1]["secret"] == keys[0]["secret"]
    assert api.post(f"/v1/subscriptions/{sub['id']}/secret-keys").status_code == 201  # body optional
    assert api.post(f"/v1/subscriptions/{sub['id']}/secret-keys", {"overlapSeconds": -1}).status_code == 400
    assert api.post("/v1/subscriptions", {"callbackUrl": "ftp://x"}).status_code == 400
    assert api.post("/v1/subscriptions", {"callbackUrl": "http://x.test/h", "events": ["nope"]}).status_code == 400
    assert api.delete(f"/v1/subscriptions/{sub['id']}").status_code == 204
    assert api.get(f"/v1/subscriptions/{sub['id']}").status_code == 404
    assert api.rows("webhook_subscriptions") == []


def test_erasure_removes_the_candidate_and_shifts_later_offsets(api):
    """Firing: an erased candidate leaves the list (totalFound drops), later records move up one
    position, its applications go too, GET is 404. Silent: an unknown id is a 404, others stay."""
    before = api.get("/v1/candidates?limit=100").json
    total, ids = before["totalFound"], [c["id"] for c in before["content"]]
    third = api.get(f"/v1/candidates?limit=1&offset=3").json["content"][0]["id"]
    apps = api.get(f"/v1/applications?candidateId={ids[0]}&limit=100").json["totalFound"]
    assert api.delete("/v1/candidates/unknown-id").status_code == 404
    assert api.get("/v1/candidates?limit=1").json["totalFound"] == total
    assert api.delete(f"/v1/candidates/{ids[0]}").status_code == 204
    after = api.get("/v1/candidates?limit=100").json
    assert after["totalFound"] == total - 1 and ids[0] not in [c["id"] for c in after["content"]]
    assert api.get("/v1/candidates?limit=1&offset=2").json["content"][0]["id"] == third
    assert api.get(f"/v1/candidates/{ids[0]}").status_code == 404
    assert api.get(f"/v1/applications?candidateId={ids[0]}&limit=100").json["totalFound"] == 0
    assert api.get(f"/v1/candidates/{ids[1]}").status_code == 200
    assert apps >= 0 and api.delete(f"/v1/candidates/{ids[0]}").status_code == 404
