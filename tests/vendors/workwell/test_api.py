"""Workwell's public API: every endpoint's happy path and auth failure, the full-URL
`paging.next` walk, since_id/max_id boundaries (hex, inclusive), the tenant prefix, filters
and writes."""
from __future__ import annotations

import re

import pytest

from .helpers import BASE, TENANT

ENDPOINTS = [
    ("GET", "jobs", None), ("GET", "jobs/{sc}", None), ("POST", "jobs/{sc}/candidates", {"candidate": {"name": "A B"}}),
    ("GET", "stages", None), ("GET", "candidates", None), ("GET", "candidates/{cid}", None),
    ("PATCH", "candidates/{cid}", {"candidate": {}}), ("POST", "candidates/{cid}/move", {"target_stage": "interview"}),
    ("POST", "candidates/{cid}/disqualify", {}), ("POST", "candidates/{cid}/revert", None),
    ("GET", "candidates/{cid}/offer", None),
]


def _ids(api):
    sc = next(j["shortcode"] for j in api.get("jobs").json["jobs"] if j["state"] == "published")
    offers = {r["candidate_id"] for r in api.rows("offers")}
    cid = next(c["id"] for c in api.get("candidates?limit=100").json["candidates"] if int(c["id"], 16) in offers)
    return sc, cid


@pytest.mark.parametrize("method,path,body", ENDPOINTS)
def test_every_endpoint_refuses_a_missing_or_wrong_key(ro_api, method, path, body):
    sc, cid = _ids(ro_api)
    target = path.format(sc=sc, cid=cid)
    r = ro_api.call(method, target, body, key=None)
    assert r.status_code == 401 and r.json["error_code"] == "missing_token"
    assert r.headers["WWW-Authenticate"] == "Bearer"
    r = ro_api.call(method, target, body, key="ww_test_wrong")
    assert r.status_code == 401 and r.json == {"error": "The key is not valid.", "error_code": "invalid_token"}


@pytest.mark.parametrize("method,path,body", ENDPOINTS)
def test_every_endpoint_answers_with_the_key(api, method, path, body):
    sc, cid = _ids(api)
    r = api.call(method, path.format(sc=sc, cid=cid), body)
    assert r.status_code == (201 if method == "POST" and path.endswith("/candidates") else 200), r.json


@pytest.mark.parametrize("method,path,body", ENDPOINTS)
def test_a_wrong_tenant_is_404_in_the_envelope(ro_api, method, path, body):
    sc, cid = _ids(ro_api)
    r = ro_api.call(method, f"/t/someone-else/spi/v3/{path.format(sc=sc, cid=cid)}", body)
    assert r.status_code == 404
    assert r.json["error_code"] == "account_not_found" and "subdomain" in r.json["error"]


def test_ids_are_unpadded_hex_and_jobs_have_shortcodes(ro_api):
    cands = ro_api.get("candidates?limit=100").json["candidates"]
    assert len(cands) == 50
    for c in cands:
        assert re.fullmatch(r"[1-9a-f][0-9a-f]*", c["id"])
    assert any(re.search(r"[a-f]", c["id"]) for c in cands)
    ids = [int(c["id"], 16) for c in cands]
    assert ids == sorted(ids)
    for j in ro_api.get("jobs").json["jobs"]:
        assert re.fullmatch(r"[0-9A-F]{10}", j["shortcode"]) and re.fullmatch(r"[1-9a-f][0-9a-f]*", j["id"])
        assert ro_api.get(f"jobs/{j['shortcode']}").json == j
        assert j["custom_fields"][0]["key"] == "store_code"


def test_paging_next_full_url_walks_the_whole_set(ro_api):
    everything = ro_api.get("candidates?limit=100").json["candidates"]
    items, urls = ro_api.walk("candidates?limit=7", "candidates")
    assert [c["id"] for c in items] == [c["id"] for c in everything]
    assert len(urls) == 8  # 50 rows / 7 per page
    for url in urls[1:]:
        assert url.startswith(f"http://localhost{BASE}/candidates?limit=7&since_id=")
    # the next URL is built from the Host the client used (the proxy's), and keeps filters
    proxied, purls = ro_api.walk("candidates?stage=applied&limit=5", "candidates",
                                 base_url="http://127.0.0.1:18123")
    assert all(u.startswith("http://127.0.0.1:18123/t/acme-test/spi/v3/candidates?stage=applied&limit=5")
               for u in purls)
    assert [c["id"] for c in proxied] == [c["id"] for c in everything if c["stage_slug"] == "applied"]
    jobs, jurls = ro_api.walk("jobs?limit=3", "jobs")
    assert len(jobs) == 8 and len(jurls) == 3


def test_last_page_has_no_paging(ro_api):
    body = ro_api.get("candidates?limit=100").json
    assert "paging" not in body
    assert ro_api.get("candidates?limit=50").json.get("paging") is None


def test_since_id_and_max_id_are_inclusive_hex_bounds(ro_api):
    ids = [c["id"] for c in ro_api.get("candidates?limit=100").json["candidates"]]
    mid = ids[20]
    page = ro_api.get(f"candidates?since_id={mid}&limit=3").json
    assert [c["id"] for c in page["candidates"]] == ids[20:23]
    assert page["paging"]["next"].endswith(f"since_id={ids[23]}")
    upto = ro_api.get(f"candidates?max_id={ids[4]}").json["candidates"]
    assert [c["id"] for c in upto] == ids[:5]
    window = ro_api.get(f"candidates?since_id={ids[10]}&max_id={ids[12]}").json["candidates"]
    assert [c["id"] for c in window] == ids[10:13]
    walked, urls = ro_api.walk(f"candidates?since_id={ids[10]}&max_id={ids[30]}&limit=4", "candidates")
    assert [c["id"] for c in walked] == ids[10:31] and all(f"max_id={ids[30]}" in u for u in urls)
    # a decimal-looking value is read as hex: "100" is 0x100 = 256
    assert all(int(c["id"], 16) >= 0x100 for c in ro_api.get("candidates?since_id=100").json["candidates"])
    assert ro_api.get(f"candidates?since_id={int(ids[-1], 16) + 1:x}").json == {"candidates": []}
    for bad in ("xyz", "-1", "1g", "ffffffffffffffff"):
        r = ro_api.get(f"candidates?since_id={bad}")
        assert r.status_code == 400 and r.json["error_code"] == "invalid_parameter", bad
    assert ro_api.get("candidates?max_id=zz").status_code == 400
    for bad in ("0", "101", "abc"):
        assert ro_api.get(f"candidates?limit={bad}").status_code == 400


def test_candidate_filters(ro_api):
    everything = ro_api.get("candidates?limit=100").json["candidates"]
    sc = everything[0]["job"]["shortcode"]
    by_job = ro_api.get(f"candidates?shortcode={sc}&limit=100").json["candidates"]
    assert by_job and {c["job"]["shortcode"] for c in by_job} == {sc}
    assert len(by_job) == sum(c["job"]["shortcode"] == sc for c in everything)
    assert ro_api.get("candidates?shortcode=NOPE").status_code == 404
    hired = ro_api.get("candidates?stage=hired&limit=100").json["candidates"]
    assert {c["stage"] for c in hired} <= {"Hired"}
    assert ro_api.get("candidates?stage=Hired").status_code == 400  # slugs, not names
    email = everything[3]["email"]
    assert [c["id"] for c in ro_api.get(f"candidates?email={email.upper()}").json["candidates"]] == [everything[3]["id"]]
    cut = sorted(c["updated_at"] for c in everything)[40]
    newer = ro_api.get(f"candidates?updated_after={cut}&limit=100").json["candidates"]
    assert {c["id"] for c in newer} == {c["id"] for c in everything if c["updated_at"] > cut}
    assert ro_api.get("candidates?updated_after=yesterday").status_code == 400
    assert ro_api.get("candidates?updated_after=2026-03-01T00:00:00").status_code == 400  # no zone
    assert ro_api.get("candidates?created_after=2026-03-01T00:00:00%2B01:00").status_code == 200


def test_job_filters_and_disqualified_and_closed(ro_api):
    jobs = ro_api.get("jobs").json["jobs"]
    assert {j["state"] for j in jobs} == {"published", "closed", "draft"}
    closed = ro_api.get("jobs?state=closed").json["jobs"]
    assert len(closed) == 2 and all(j["closed_at"] for j in closed)
    assert ro_api.get("jobs?state=open").status_code == 400
    dq = [c for c in ro_api.get("candidates?limit=100").json["candidates"] if c["disqualified"]]
    assert dq and all(c["disqualification_reason"] and c["disqualified_at"] for c in dq)


def test_offers_carry_iso_start_dates(ro_api):
    hired = ro_api.get("candidates?stage=hired&limit=100").json["candidates"]
    assert hired
    offer = ro_api.get(f"candidates/{hired[0]['id']}/offer").json["offer"]
    assert offer["candidate_id"] == hired[0]["id"] and offer["status"] == "accepted"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", offer["start_date"])
    applied = ro_api.get("candidates?stage=applied").json["candidates"][0]
    r = ro_api.get(f"candidates/{applied['id']}/offer")
    assert r.status_code == 404 and r.json["error_code"] == "offer_not_found"


def test_unknown_candidate_and_job_are_404(ro_api):
    for target in ("candidates/fffff", "candidates/not-hex", "jobs/NOPE", "candidates/ffffffffffffffff/offer"):
        r = ro_api.get(target)
        assert r.status_code == 404 and r.json["error_code"].endswith("_not_found"), target


def test_create_update_move_disqualify_revert(api):
    sc = next(j["shortcode"] for j in api.get("jobs").json["jobs"] if j["state"] == "published")
    last = api.get("candidates?limit=100").json["candidates"][-1]["id"]
    r = api.post(f"jobs/{sc}/candidates", {"candidate": {"firstname": "Ada", "lastname": "Lovelace",
                 "email": "Ada@Example.com", "answers": [{"question_key": "right_to_work", "answer": "yes"}]}})
    assert r.status_code == 201, r.json
    cand = r.json["candidate"]
    assert int(cand["id"], 16) > int(last, 16) and cand["stage"] == "Applied" and cand["email"] == "ada@example.com"
    assert cand["answers"] == [{"question_key": "right_to_work", "question": "right_to_work", "answer": "yes"}]
    cid = cand["id"]
    assert api.patch(f"candidates/{cid}", {"candidate": {"phone": "+44 20 7946 0000"}}).json["candidate"]["phone"] \
        == "+44 20 7946 0000"
    moved = api.post(f"candidates/{cid}/move", {"target_stage": "interview"}).json["candidate"]
    assert moved["stage"] == "Interview" and moved["stage_slug"] == "interview"
    assert api.post(f"candidates/{cid}/move", {"target_stage": "Nope"}).status_code == 422
    dq = api.post(f"candidates/{cid}/disqualify", {"disqualification_reason": "Withdrew"}).json["candidate"]
    assert dq["disqualified"] and dq["disqualification_reason"] == "Withdrew" and dq["disqualified_at"]
    assert api.post(f"candidates/{cid}/move", {"target_stage": "offer"}).json["error_code"] == "candidate_disqualified"
    back = api.post(f"candidates/{cid}/revert").json["candidate"]
    assert not back["disqualified"] and back["disqualified_at"] is None and back["disqualification_reason"] is None
    assert api.get(f"candidates/{cid}").json["candidate"]["stage"] == "Interview"


def test_write_validation(api):
    jobs = api.get("jobs").json["jobs"]
    sc = next(j["shortcode"] for j in jobs if j["state"] == "published")
    closed = next(j["shortcode"] for j in jobs if j["state"] == "closed")
    assert api.post(f"jobs/{closed}/candidates", {"candidate": {"name": "A B"}}).json["error_code"] == "job_not_published"
    for body in ({}, {"candidate": "x"}, {"candidate": {"name": "Single"}}, {"candidate": {"name": "A B", "email": "nope"}},
                 {"candidate": {"name": "A B", "answers": [1]}}, {"candidate": {"name": "A B"}, "sourced": "yes"}):
        r = api.post(f"jobs/{sc}/candidates", body)
        assert r.status_code == 422 and r.json["error_code"] == "validation_failed", body
    r = api.call("POST", f"jobs/{sc}/candidates", raw=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json["error_code"] == "invalid_json"
    cid = api.get("candidates").json["candidates"][0]["id"]
    assert api.patch(f"candidates/{cid}", {"candidate": {"firstname": None}}).status_code == 422
    assert api.post(f"candidates/{cid}/move", {}).status_code == 422
    assert api.call("DELETE", f"candidates/{cid}").status_code == 405
