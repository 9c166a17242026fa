"""ClearCheck's public API: every endpoint's happy path and auth failure, cursor pages,
filters, the asynchronous check lifecycle and report expiry."""
from __future__ import annotations

import pytest


def _candidate(api, **extra):
    r = api.post("/v1/candidates", {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com", **extra})
    assert r.status_code == 201, r.json
    return r.json


def _ids(api):
    checks = api.walk("/v1/checks")
    done = max((c for c in checks if c["status"] == "complete"), key=lambda c: c["completed_at"])
    return {"candidate": checks[0]["candidate_id"], "check": checks[0]["id"], "report": done["report_id"]}


ENDPOINTS = [
    ("GET", "/v1/packages", None),
    ("GET", "/v1/candidates", None),
    ("POST", "/v1/candidates", {"first_name": "A", "last_name": "B", "email": "a@b.co"}),
    ("GET", "/v1/candidates/{candidate}", None),
    ("GET", "/v1/checks", None),
    ("POST", "/v1/checks", {"candidate_id": "{candidate}", "package": "standard"}),
    ("GET", "/v1/checks/{check}", None),
    ("POST", "/v1/checks/{check}/cancel", None),
    ("GET", "/v1/reports/{report}", None),
    ("GET", "/v1/webhooks", None),
    ("POST", "/v1/webhooks", {"url": "http://127.0.0.1:9/h"}),
    ("DELETE", "/v1/webhooks/{endpoint}", None),
]


@pytest.mark.parametrize("method,path,body", ENDPOINTS, ids=[f"{m} {p}" for m, p, _ in ENDPOINTS])
def test_every_endpoint_needs_the_key(api, method, path, body):
    ids = _ids(api)
    ids["endpoint"] = api.post("/v1/webhooks", {"url": "http://127.0.0.1:9/x"}).json["id"]
    target = path.format(**ids)
    if body and "candidate_id" in body:
        body = {**body, "candidate_id": ids["candidate"]}
    for key, code in ((None, "missing_api_key"), ("cc_wrong", "invalid_api_key")):
        r = api.call(method, target, body, key=key)
        assert r.status_code == 401 and r.json["error"] == {"status": 401, "code": code,
                                                            "message": r.json["error"]["message"]}
    # the happy path (an open check is needed for cancel)
    if target.endswith("/cancel"):
        target = f"/v1/checks/{next(c['id'] for c in api.walk('/v1/checks?status=pending'))}/cancel"
    r = api.call(method, target, body)
    assert r.status_code in (200, 201, 202), (target, r.json)


def test_packages(api):
    codes = [p["code"] for p in api.get("/v1/packages").json["data"]]
    assert codes == sorted(codes) and "enhanced_childcare" in codes


def test_cursor_pages_cover_every_check_once(api):
    first = api.get("/v1/checks?limit=20").json
    assert len(first["data"]) == 20 and first["has_more"] and first["next_cursor"]
    every = api.walk("/v1/checks", limit=20)
    assert len(every) == len({c["id"] for c in every}) == 50
    assert [c["created_at"] for c in every] == sorted(c["created_at"] for c in every)
    assert api.get("/v1/checks?limit=101").status_code == 400
    assert api.get("/v1/checks?cursor=garbage!").json["error"]["code"] == "invalid_cursor"
    cand_cursor = api.get("/v1/candidates?limit=5").json["next_cursor"]
    assert api.get(f"/v1/checks?cursor={cand_cursor}").status_code == 400  # not a checks cursor
    assert api.get("/v1/checks?colour=red").json["error"]["code"] == "unknown_parameter"


def test_filters_ride_inside_the_cursor(api):
    done = api.walk("/v1/checks?status=complete", limit=5)
    assert done and all(c["status"] == "complete" for c in done)
    assert len(done) == sum(c["status"] == "complete" for c in api.walk("/v1/checks"))
    assert api.get("/v1/checks?status=finished").status_code == 400


def test_external_id_filters(api):
    checks = api.walk("/v1/checks")
    tagged = next(c for c in checks if c["external_id"])
    assert [c["id"] for c in api.get(f"/v1/checks?external_id={tagged['external_id']}").json["data"]] == [tagged["id"]]
    cands = api.walk("/v1/candidates")
    c = next(x for x in cands if x["external_id"])
    assert [x["id"] for x in api.get(f"/v1/candidates?external_id={c['external_id']}").json["data"]] == [c["id"]]
    assert api.get("/v1/checks?external_id=nope").json["data"] == []


def test_updated_since_is_inclusive(api):
    checks = api.walk("/v1/checks")
    pivot = sorted(c["updated_at"] for c in checks)[-10]
    got = api.walk(f"/v1/checks?updated_since={pivot}")
    assert {c["id"] for c in got} == {c["id"] for c in checks if c["updated_at"] >= pivot}
    assert api.get("/v1/checks?updated_since=yesterday").json["error"]["field"] == "updated_since"
    assert api.get("/v1/checks?updated_since=2026-03-01T09:00:00").status_code == 400  # no zone
    assert api.get("/v1/candidates?updated_since=2026-03-01T10:00:00%2B01:00").status_code == 200


def test_order_returns_202_pending_and_completes_on_the_clock(api):
    cand = _candidate(api, external_id="HR-X1")
    r = api.post("/v1/checks", {"candidate_id": cand["id"], "package": "basic_criminal", "external_id": "APP-X1"})
    assert r.status_code == 202 and r.headers["Location"] == f"/v1/checks/{r.json['id']}"
    ch = r.json
    assert ch["status"] == "pending" and ch["result"] is None and ch["report_id"] is None
    api.ok_control("clock", {"advance_s": 3600})
    assert api.get(f"/v1/checks/{ch['id']}").json["status"] == "in_progress"
    api.ok_control("clock", {"advance_s": 3600 * 60})
    done = api.get(f"/v1/checks/{ch['id']}").json
    assert done["status"] == "complete" and done["result"] in ("clear", "consider")
    assert done["completed_at"] == done["estimated_completion_at"] == done["updated_at"]
    report = api.get(f"/v1/reports/{done['report_id']}").json
    assert report["check_id"] == ch["id"] and report["result"] == done["result"]
    assert api.post(f"/v1/checks/{ch['id']}/cancel").status_code == 409


def test_orders_are_never_deduplicated(api):
    cand = _candidate(api)
    body = {"candidate_id": cand["id"], "package": "standard", "external_id": "APP-DUP"}
    a, b = api.post("/v1/checks", body), api.post("/v1/checks", body)
    assert a.status_code == b.status_code == 202 and a.json["id"] != b.json["id"]
    assert len(api.get("/v1/checks?external_id=APP-DUP").json["data"]) == 2


def test_idempotency_key_replays_the_order(api):
    cand = _candidate(api)
    body = {"candidate_id": cand["id"], "package": "standard"}
    a = api.post("/v1/checks", body, headers={"Idempotency-Key": "k1"})
    b = api.post("/v1/checks", body, headers={"Idempotency-Key": "k1"})
    assert a.status_code == b.status_code == 202 and a.json == b.json and b.headers["Idempotent-Replayed"] == "true"
    other = api.post("/v1/checks", {**body, "package": "basic_criminal"}, headers={"Idempotency-Key": "k1"})
    assert other.status_code == 422


def test_cancel(api):
    cand = _candidate(api)
    ch = api.post("/v1/checks", {"candidate_id": cand["id"], "package": "standard"}).json
    r = api.post(f"/v1/checks/{ch['id']}/cancel")
    assert r.status_code == 200 and r.json["status"] == "cancelled" and r.json["cancelled_at"]
    api.ok_control("clock", {"advance_s": 3600 * 100})
    assert api.get(f"/v1/checks/{ch['id']}").json["status"] == "cancelled"  # never completes
    assert api.post(f"/v1/checks/{ch['id']}/cancel").status_code == 409


def test_report_410_after_72_hours(api):
    checks = api.walk("/v1/checks?status=complete")
    old = min(checks, key=lambda c: c["completed_at"])
    r = api.get(f"/v1/reports/{old['report_id']}")
    assert r.status_code == 410 and r.json["error"]["code"] == "report_expired"
    assert old["id"] in r.json["error"]["message"]
    fresh = max(checks, key=lambda c: c["completed_at"])
    got = api.get(f"/v1/reports/{fresh['report_id']}")
    assert got.status_code == 200
    api.ok_control("clock", {"set": got.json["expires_at"], "freeze": True})
    assert api.get(f"/v1/reports/{fresh['report_id']}").status_code == 410
    assert api.get(f"/v1/checks/{fresh['id']}").json["result"] == fresh["result"]  # the result stays on the check
    assert api.get("/v1/reports/rpt_nope").status_code == 404


@pytest.mark.parametrize("body,field", [
    ({"package": "standard"}, "candidate_id"),
    ({"candidate_id": "cand_x", "package": "standard", "colour": 1}, "colour"),
    ({"candidate_id": 7, "package": "standard"}, "candidate_id"),
])
def test_bad_orders_are_400(api, body, field):
    r = api.post("/v1/checks", body)
    assert r.status_code == 400 and r.json["error"]["field"] == field


def test_unknown_candidate_or_package_is_422(api):
    cand = _candidate(api)
    assert api.post("/v1/checks", {"candidate_id": "cand_nope", "package": "standard"}).status_code == 422
    r = api.post("/v1/checks", {"candidate_id": cand["id"], "package": "platinum"})
    assert r.status_code == 422 and r.json["error"]["code"] == "unknown_package"
    assert api.post("/v1/checks", None).status_code == 400
    assert api.call("POST", "/v1/checks", None, headers={"Content-Type": "application/json"}).status_code == 400


def test_candidate_validation(api):
    assert api.post("/v1/candidates", {"first_name": "A", "last_name": "B", "email": "nope"}).status_code == 400
    assert api.post("/v1/candidates", {"first_name": "A", "last_name": "B", "email": "a@b.co",
                                       "dob": "1/2/1990"}).json["error"]["field"] == "dob"
    assert api.get("/v1/candidates/cand_nope").status_code == 404


@pytest.mark.parametrize("dob", ["1990-13-01", "0000-00-00", "1990-02-30", "١٩٩٠-٠١-٠١"])
def test_dob_must_be_a_real_date(api, dob):
    """`dob` used to be checked by shape only (four digits, two, two; Unicode digits too)."""
    r = api.post("/v1/candidates", {"first_name": "A", "last_name": "B", "email": "a@b.co", "dob": dob})
    assert r.status_code == 400 and r.json["error"]["field"] == "dob" and "real date" in r.json["error"]["message"]


def test_a_real_dob_is_kept(api):
    assert _candidate(api, dob="1992-02-29")["dob"] == "1992-02-29"
