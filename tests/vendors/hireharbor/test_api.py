"""HireHarbor's public API: a happy path and an auth failure for every endpoint, On-Behalf-Of,
stage moves, email_taken, merges, hire/reject, custom fields, updated_after, Link pages."""
from __future__ import annotations

import httpx
import pytest

from .helpers import ADMIN, DISABLED, INTEGRATION, KEY, NONCE, basic

ENDPOINTS = [  # (method, path, body) — one happy call each, on the small dataset
    ("GET", "/v1/users", None), ("GET", "/v1/users/1", None),
    ("GET", "/v1/jobs", None), ("GET", "/v1/jobs/1", None), ("GET", "/v1/jobs/1/stages", None),
    ("GET", "/v1/candidates", None), ("POST", "/v1/candidates", {"first_name": "Ada", "last_name": "Ng",
                                                                 "emails": ["ada.ng@example.com"]}),
    ("GET", "/v1/candidates/3", None), ("PATCH", "/v1/candidates/3", {"title": "Nurse"}),
    ("DELETE", "/v1/candidates/4", None),
    ("PUT", "/v1/candidates/merge", {"primary_candidate_id": 5, "duplicate_candidate_id": 6}),
    ("GET", "/v1/applications", None), ("POST", "/v1/applications", {"candidate_id": 3, "job_id": 2}),
    ("GET", "/v1/applications/1", None), ("PATCH", "/v1/applications/1", {"source": "Agency"}),
    ("POST", "/v1/applications/{active}/move", "move"), ("POST", "/v1/applications/{active2}/hire", None),
    ("POST", "/v1/applications/{active3}/reject", {"rejection_reason": "Other"}),
    ("GET", "/v1/custom_fields", None), ("GET", "/v1/activity", None),
    ("GET", "/v1/webhooks", None), ("POST", "/v1/webhooks", {"url": "http://127.0.0.1:9/h"}),
    ("GET", "/v1/webhooks/{hook}", None), ("DELETE", "/v1/webhooks/{hook}", None),
]


def _active(api, n=0):
    return [a for a in api.get("/v1/applications?status=active&per_page=100").json][n]


def test_every_endpoint_happy_path_and_auth_failure(api):
    hook = api.post("/v1/webhooks", {"url": "http://127.0.0.1:9/x"}).json["id"]
    acts = [_active(api, i) for i in range(3)]
    fill = {"active": acts[0]["id"], "active2": acts[1]["id"], "active3": acts[2]["id"], "hook": hook}
    seen = set()
    for method, path, body in ENDPOINTS:
        target = path.format(**fill)
        if body == "move":
            stages = api.get(f"/v1/jobs/{acts[0]['job_id']}/stages").json
            to = next(s["id"] for s in stages if s["id"] != acts[0]["current_stage"]["id"])
            body = {"from_stage_id": acts[0]["current_stage"]["id"], "to_stage_id": to}
        for bad_key in (None, "wrong-key"):
            r = api.call(method, target, body, key=bad_key)
            assert r.status_code == 401, (method, path)
            assert r.json["code"] in ("missing_credentials", "invalid_credentials")
            assert r.headers["WWW-Authenticate"].startswith("Basic")
        r = api.call(method, target, body)
        assert r.status_code in (200, 201), (method, path, r.get_data(as_text=True))
        seen.add((method, path))
    assert len(seen) == 24


def test_password_is_ignored_and_key_must_be_the_user_name(api):
    import base64
    with_pw = "Basic " + base64.b64encode(f"{KEY}:anything".encode()).decode()
    assert api.get("/v1/users", headers={"Authorization": with_pw}).status_code == 200
    as_password = "Basic " + base64.b64encode(f"user:{KEY}".encode()).decode()
    assert api.get("/v1/users", headers={"Authorization": as_password}).status_code == 401


def test_writes_need_a_valid_on_behalf_of_user(api):
    body = {"first_name": "No", "last_name": "Actor", "emails": ["no.actor@example.com"]}
    missing = api.post("/v1/candidates", body, actor=None)
    assert missing.status_code == 403 and missing.json["code"] == "on_behalf_of_required"
    assert api.post("/v1/candidates", body, headers={"On-Behalf-Of": "me"}).status_code == 400
    for who in (DISABLED, 999):
        r = api.post("/v1/candidates", body, actor=who)
        assert r.status_code == 403 and r.json["code"] == "invalid_on_behalf_of"
    assert api.get("/v1/candidates?email=no.actor@example.com").json == []  # nothing was written
    made = api.post("/v1/candidates", body, actor=7)
    assert made.status_code == 201
    log = api.get(f"/v1/activity?candidate_id={made.json['id']}").json
    assert [(x["action"], x["user_id"]) for x in log] == [("candidate.created", 7)]
    assert api.rows("activity")[-1]["user_id"] == 7


def test_stage_move_checks_from_stage_and_the_job(api):
    a = _active(api)
    stages = api.get(f"/v1/jobs/{a['job_id']}/stages").json
    other_job_stages = api.get(f"/v1/jobs/{a['job_id'] % 7 + 1}/stages").json
    cur = a["current_stage"]["id"]
    campus = next(s for s in stages if s["name"] == "Campus Visit")
    wrong_job = next(s for s in other_job_stages if s["name"] == "Campus Visit")
    r = api.post(f"/v1/applications/{a['id']}/move", {"from_stage_id": cur, "to_stage_id": wrong_job["id"]})
    assert r.status_code == 422 and r.json["code"] == "invalid_stage"
    stale = next(s["id"] for s in stages if s["id"] not in (cur, campus["id"]))
    r = api.post(f"/v1/applications/{a['id']}/move", {"from_stage_id": stale, "to_stage_id": campus["id"]})
    assert r.status_code == 409 and r.json["code"] == "stage_mismatch" and r.json["current_stage_id"] == cur
    r = api.post(f"/v1/applications/{a['id']}/move", {"from_stage_id": cur, "to_stage_id": campus["id"]}, actor=5)
    assert r.status_code == 200 and r.json["current_stage"] == {"id": campus["id"], "name": "Campus Visit"}
    act = api.get(f"/v1/activity?application_id={a['id']}").json[-1]
    assert act["action"] == "application.stage_changed" and act["user_id"] == 5
    assert act["details"] == {"from_stage_id": cur, "to_stage_id": campus["id"]}
    assert api.post(f"/v1/applications/{a['id']}/move", {"from_stage_id": 1}).status_code == 422


def test_hire_and_reject(api):
    a, b = _active(api, 0), _active(api, 1)
    r = api.post(f"/v1/applications/{a['id']}/hire")
    assert r.status_code == 200 and r.json["status"] == "hired" and r.json["hired_at"] == "2026-03-02T09:00:00Z"
    again = api.post(f"/v1/applications/{a['id']}/hire")
    assert again.status_code == 409 and again.json["code"] == "application_not_active"
    r = api.post(f"/v1/applications/{b['id']}/reject", {"rejection_reason": "Other"})
    assert r.json["status"] == "rejected" and r.json["rejection_reason"] == "Other"
    assert api.post(f"/v1/applications/{b['id']}/move", {"from_stage_id": 1, "to_stage_id": 2}).status_code == 409


def test_email_taken_is_case_insensitive(api):
    existing = api.get("/v1/candidates/3").json["emails"][0]
    r = api.post("/v1/candidates", {"first_name": "Dup", "last_name": "Licate", "emails": [existing.upper()]})
    assert r.status_code == 422 and r.json["code"] == "email_taken" and r.json["errors"][0]["field"] == "emails"
    r = api.patch("/v1/candidates/4", {"emails": ["x@example.com", existing]})
    assert r.status_code == 422 and r.json["code"] == "email_taken"
    found = api.get(f"/v1/candidates?email={existing.upper()}").json
    assert [c["id"] for c in found] == [3]
    assert api.patch("/v1/candidates/3", {"emails": [existing, "second@example.com"]}).status_code == 200


def test_merged_candidate_answers_301_with_merged_into(api):
    r = api.get("/v1/candidates/50")  # planted: 50 merged into 1
    assert r.status_code == 301 and r.json["merged_into"] == 1 and r.headers["Location"] == "/v1/candidates/1"
    assert api.patch("/v1/candidates/50", {"title": "x"}).status_code == 409
    assert 50 not in [c["id"] for c in api.walk("/v1/candidates")]
    loser_apps = api.get("/v1/applications?candidate_id=7").json
    r = api.put("/v1/candidates/merge", {"primary_candidate_id": 8, "duplicate_candidate_id": 7}, actor=ADMIN)
    assert r.status_code == 200
    assert api.get("/v1/candidates/7").json["merged_into"] == 8
    assert all(a["candidate_id"] == 8 for a in (api.get(f"/v1/applications/{x['id']}").json for x in loser_apps))
    assert api.put("/v1/candidates/merge", {"primary_candidate_id": 8, "duplicate_candidate_id": 7}).status_code == 409


def test_custom_fields(api):
    defs = api.get("/v1/custom_fields?object_type=application").json
    assert {d["key"] for d in defs} == {"bg_provider", "bg_status", "bg_completed_on"}
    r = api.patch("/v1/applications/1", {"custom_fields": {"bg_status": "Clear", "bg_provider": "legacy"}})
    assert r.json["custom_fields"] == {"bg_status": "Clear", "bg_provider": "legacy"}
    r = api.patch("/v1/applications/1", {"custom_fields": {"bg_provider": None}})
    assert r.json["custom_fields"] == {"bg_status": "Clear"}
    bad = api.patch("/v1/applications/1", {"custom_fields": {"nope": "x"}})
    assert bad.status_code == 422 and bad.json["code"] == "unknown_custom_field"
    assert api.get("/v1/jobs/1").json["custom_fields"] == {"requisition_id": "REQ-1001"}


def test_updated_after_is_strictly_after(api):
    api.ok_control("clock", {"set": "2026-03-05T10:00:00Z", "freeze": True})
    api.patch("/v1/candidates/9", {"title": "Changed"})
    api.post("/v1/applications/3/hire") if api.get("/v1/applications/3").json["status"] == "active" else None
    assert [c["id"] for c in api.get("/v1/candidates?updated_after=2026-03-05T09:59:59Z").json] == [9]
    assert api.get("/v1/candidates?updated_after=2026-03-05T10:00:00Z").json == []
    assert api.get("/v1/candidates?updated_after=yesterday").status_code == 400


def test_bad_input_is_a_4xx_in_the_envelope(api):
    for method, target, body in (("GET", "/v1/candidates?page=0", None), ("GET", "/v1/candidates?per_page=x", None),
                                 ("GET", "/v1/applications?job_id=-1", None), ("POST", "/v1/candidates", [1]),
                                 ("POST", "/v1/candidates", {"first_name": "A"}),
                                 ("POST", "/v1/applications", {"candidate_id": 3, "job_id": 999}),
                                 ("GET", "/v1/candidates/99999", None), ("GET", "/v1/nope", None)):
        r = api.call(method, target, body)
        assert 400 <= r.status_code < 500 and set(r.json) >= {"message", "code"}, (target, r.status_code)


@pytest.mark.parametrize("url", ["http://", "https://", "http:// x", "http://\tx", "https://h\n", "ftp://h"])
def test_a_webhook_url_needs_a_host_and_no_whitespace(api, url):
    """Only `http(s)://` and the absence of a plain space used to be checked."""
    r = api.post("/v1/webhooks", {"url": url})
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "url", url
    assert api.post("/v1/webhooks", {"url": "https://hooks.example.com/hh?x=1"}).status_code == 201


def _client(api) -> httpx.Client:
    return httpx.Client(transport=httpx.WSGITransport(app=api.app), base_url="http://hireharbor.test",
                        auth=(KEY, ""), headers={"X-IB-Via": NONCE})


def test_a_real_client_walks_link_pages_and_moves_on_behalf_of_the_chair(api):
    """The integration loop: follow rel=next through every page, then move each application
    of a job from Committee Review to Campus Visit with the job's own stage ids, on behalf of
    a chair found in /users; a stale from_stage (someone moved it meanwhile) fires 409."""
    chair = 6
    with _client(api) as http:
        url, apps, pages = "/v1/applications?status=active&per_page=7", [], 0
        while url:
            r = http.get(url)
            r.raise_for_status()
            apps += r.json()
            pages += 1
            url = r.links.get("next", {}).get("url")
        assert pages == -(-len(apps) // 7) and pages > 1
        assert len({a["id"] for a in apps}) == len(apps)
        in_review = [a for a in apps if a["current_stage"]["name"] == "Committee Review"]
        assert len(in_review) >= 2
        # another recruiter moves the first one by hand in between
        first = in_review[0]
        api.ok_control("mutate", {"ops": [{"op": "move", "application_id": first["id"], "user_id": ADMIN,
                                           "to_stage_id": first["current_stage"]["id"] + 1}]})
        outcomes = {}
        for a in in_review:
            stages = {s["name"]: s["id"] for s in http.get(f"/v1/jobs/{a['job_id']}/stages").json()}
            r = http.post(f"/v1/applications/{a['id']}/move", headers={"On-Behalf-Of": str(chair)},
                          json={"from_stage_id": a["current_stage"]["id"], "to_stage_id": stages["Campus Visit"]})
            outcomes[a["id"]] = r.status_code
    assert outcomes[first["id"]] == 409  # fires: stale from_stage_id
    assert all(code == 200 for aid, code in outcomes.items() if aid != first["id"])  # silent for the rest
    moves = [x for x in api.rows("activity") if x["action"] == "application.stage_changed"]
    assert [m["user_id"] for m in moves] == [ADMIN] + [chair] * (len(in_review) - 1)


def test_a_page_beyond_the_end_is_empty_with_links(api):
    r = api.get("/v1/candidates?page=99&per_page=10")
    assert r.status_code == 200 and r.json == []
    assert 'rel="next"' not in r.headers["Link"] and 'page=5&per_page=10>; rel="last"' in r.headers["Link"]
