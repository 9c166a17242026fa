"""TalentForge's mechanics, each shown firing and shown silent: token expiry on the vendor
clock (and the token_ttl_s setting), docs-vs-wire names with unknown fields dropped, notes
capped at 20 a page, searches without uniqueness, read-after-write lag, scheduled mutations,
and the write rules."""
from __future__ import annotations

from .helpers import Api, make_app


# --- tokens ------------------------------------------------------------------------------------

def test_token_lives_60_vendor_seconds_then_a_new_one_works(api):
    assert api.mint().status_code == 200
    old = api.token
    api.control("clock", {"advance_s": 59})
    assert api.get("/api/v2/requisitions?limit=1").status_code == 200  # silent: still valid
    api.control("clock", {"advance_s": 2})
    r = api.get("/api/v2/requisitions?limit=1")
    assert r.status_code == 401 and r.json["error"]["code"] == "token_expired"  # fired
    assert api.mint().status_code == 200 and api.token != old
    assert api.get("/api/v2/requisitions?limit=1").status_code == 200


def test_token_ttl_setting_shortens_new_tokens(api):
    api.control("config", {"settings": {"token_ttl_s": 30}})
    r = api.mint()
    assert r.json["expires_in"] == 30
    api.control("clock", {"advance_s": 31})
    assert api.get("/api/v2/requisitions?limit=1").json["error"]["code"] == "token_expired"
    api.control("config", {"settings": {"token_ttl_s": None}})
    assert api.mint().json["expires_in"] == 60
    for bad in (0, -5, "soon", True):
        assert api.control("config", {"settings": {"token_ttl_s": bad}}, expect=400)["error"]["code"] == "invalid_settings"
    assert api.mint().json["expires_in"] == 60


def test_token_request_validation(api):
    c = api.client
    h = {"X-IB-Via": "via-nonce-tf"}
    r = c.post("/oauth/token", data={"client_id": "x"}, headers=h)
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid_request"
    r = c.post("/oauth/token", data={"grant_type": "password"}, headers=h)
    assert r.status_code == 400 and r.json["error"]["code"] == "unsupported_grant_type"
    r = c.post("/oauth/token", data=b"[1,2]", headers={**h, "Content-Type": "application/json"})
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid_request"
    r = c.post("/oauth/token", json={"grant_type": "client_credentials", "client_id": 5, "client_secret": []}, headers=h)
    assert r.status_code == 401 and r.json["error"]["code"] == "invalid_client"


# --- docs vs wire ---------------------------------------------------------------------------------

def test_wire_uses_wire_names_and_documented_names_are_absent(api):
    req = api.get("/api/v2/requisitions?limit=1").json["items"][0]
    assert {"req_code", "hm", "cc_code"} <= set(req) and not {"requisitionCode", "hiringManager", "costCenter"} & set(req)
    assert set(req["hm"]) == {"email", "name"}
    cand = api.get("/api/v2/candidates?limit=1").json["items"][0]
    assert "email" in cand and "emailAddress" not in cand


def test_documented_names_on_create_are_dropped_silently(api):
    r = api.post("/api/v2/candidates", {"first_name": "Dana", "last_name": "Lee", "emailAddress": "dana@example.com",
                                         "favouriteColour": "teal"})
    assert r.status_code == 201 and r.json["email"] is None and "emailAddress" not in r.json  # fired: data lost
    r = api.post("/api/v2/candidates", {"first_name": "Dana", "last_name": "Lee", "email": "dana@example.com"})
    assert r.status_code == 201 and r.json["email"] == "dana@example.com"  # silent: the wire name works
    row = next(c for c in api.rows("candidates") if c["id"] == r.json["id"])
    assert row["email"] == "dana@example.com"


def test_documented_filter_name_filters_nothing(api):
    code = api.get("/api/v2/requisitions?limit=1").json["items"][0]["req_code"]
    assert len(api.get(f"/api/v2/requisitions?req_code={code}").json["items"]) == 1
    assert len(api.get(f"/api/v2/requisitions?requisitionCode={code}").json["items"]) == len(api.rows("requisitions"))


def test_notes_pages_are_capped_at_20_on_the_wire():
    api = Api(make_app("group", 179))
    notes = api.rows("candidate_notes")
    counts = {}
    for n in notes:
        counts[n["candidate_id"]] = counts.get(n["candidate_id"], 0) + 1
    heavy = max(counts, key=counts.get)
    assert counts[heavy] > 20
    r = api.get(f"/api/v2/candidates/{heavy}/notes?limit=100")
    assert len(r.json["items"]) == 20 and "cursor" in r.json  # fired: 20, not 100
    assert len(api.get(f"/api/v2/candidates/{heavy}/notes").json["items"]) == 20  # default (docs: 50)
    assert len(api.get(f"/api/v2/candidates/{heavy}/notes?limit=5").json["items"]) == 5  # silent below 20
    items, pages = api.walk(f"/api/v2/candidates/{heavy}/notes", limit=100)
    assert len(items) == counts[heavy] and pages == -(-counts[heavy] // 20)
    keys = [(n["created_at"], n["id"]) for n in items]
    assert keys == sorted(keys)
    light = next(c for c, n in counts.items() if n == 2)
    r = api.get(f"/api/v2/candidates/{light}/notes?limit=100")
    assert len(r.json["items"]) == 2 and "cursor" not in r.json
    assert api.get("/api/v2/candidates/cand_nope/notes").status_code == 404


# --- search, writes ---------------------------------------------------------------------------------

def test_search_by_email_and_external_id_without_uniqueness(api):
    body = {"first_name": "Lea", "last_name": "Kim", "email": "Lea.Kim@Example.com", "external_id": "KS-1001",
            "source": "internal", "hired_on": "2019-04-01", "tags": ["mobility", "mobility", "nights"]}
    a = api.post("/api/v2/candidates", body)
    b = api.post("/api/v2/candidates", body)  # no uniqueness: a second person record
    assert a.status_code == b.status_code == 201 and a.json["id"] != b.json["id"]
    assert a.json["tags"] == ["mobility", "nights"] and a.json["hired_on"] == "2019-04-01"
    found = api.get("/api/v2/candidates?external_id=KS-1001").json["items"]
    assert sorted(c["id"] for c in found) == sorted([a.json["id"], b.json["id"]])
    assert len(api.get("/api/v2/candidates?email=lea.kim@example.COM").json["items"]) == 2
    assert api.get("/api/v2/candidates?external_id=KS-9999").json == {"items": []}


def test_read_after_write_lag_on_lists_and_searches(api):
    api.control("clock", {"advance_s": 60})
    api.control("config", {"settings": {"search_lag_s": 5}})
    new = api.post("/api/v2/candidates", {"first_name": "Lag", "last_name": "Test", "external_id": "LAG-1"})
    assert new.status_code == 201
    assert api.get("/api/v2/candidates?external_id=LAG-1").json["items"] == []  # fired: not yet indexed
    assert api.get(f"/api/v2/candidates/{new.json['id']}").status_code == 200  # reads by id are immediate
    api.control("clock", {"advance_s": 6})
    assert len(api.get("/api/v2/candidates?external_id=LAG-1").json["items"]) == 1
    api.control("config", {"settings": {"search_lag_s": None}})
    api.post("/api/v2/candidates", {"first_name": "No", "last_name": "Lag", "external_id": "LAG-2"})
    assert len(api.get("/api/v2/candidates?external_id=LAG-2").json["items"]) == 1  # silent without the setting


def test_scheduled_mutation_fires_after_the_nth_request(api):
    req = api.rows("requisitions")[0]["id"]
    api.control("config", {"settings": {"scheduled_mutations": [
        {"after_requests": 2, "ops": [{"op": "update", "table": "requisitions", "id": req,
                                       "values": {"status": "CLOSED"}}]}]}})
    assert api.get(f"/api/v2/requisitions/{req}").json["status"] != "CLOSED"  # silent before
    api.get(f"/api/v2/requisitions/{req}")
    assert api.get(f"/api/v2/requisitions/{req}").json["status"] == "CLOSED"  # fired


def test_candidate_validation_and_patch(api):
    r = api.post("/api/v2/candidates", {"last_name": "X", "email": "nope", "tags": "a", "hired_on": "01/02/2020",
                                         "source": "web"})
    assert r.status_code == 422 and r.json["error"]["code"] == "validation_failed"
    assert set(r.json["error"]["details"]["fields"]) == {"first_name", "email", "tags", "hired_on", "source"}
    r = api.call("POST", "/api/v2/candidates", raw=b"not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid_json"
    assert api.post("/api/v2/candidates", [1]).status_code == 400
    cand = api.post("/api/v2/candidates", {"first_name": "P", "last_name": "Q", "tags": ["a"]}).json
    api.control("clock", {"advance_s": 5})
    same = api.call("PATCH", f"/api/v2/candidates/{cand['id']}", json={"tags": ["a"], "costCenter": "x"}).json
    assert same["updated_at"] == cand["updated_at"]  # unchanged values do not stamp
    changed = api.call("PATCH", f"/api/v2/candidates/{cand['id']}", json={"tags": ["b", "mobility-withdrawn"]}).json
    assert changed["tags"] == ["b", "mobility-withdrawn"] and changed["updated_at"] > cand["updated_at"]
    r = api.call("PATCH", f"/api/v2/candidates/{cand['id']}", json={"first_name": None})
    assert r.status_code == 422
    assert api.call("PATCH", "/api/v2/candidates/cand_nope", json={}).status_code == 404


def test_applications_create_duplicate_and_references(api):
    req = api.rows("requisitions")[0]["id"]
    cand = api.post("/api/v2/candidates", {"first_name": "A", "last_name": "B", "email": "A.B@example.com"}).json
    r = api.post("/api/v2/applications", {"requisition_id": req, "candidate_id": cand["id"], "status": "offer"})
    assert r.status_code == 201 and r.json["stage"] == "offer" and r.json["candidate_email"] == "A.B@example.com"
    dup = api.post("/api/v2/applications", {"requisition_id": req, "candidate_id": cand["id"]})
    assert dup.status_code == 409 and dup.json["error"]["details"]["existing_id"] == r.json["id"]
    bad = api.post("/api/v2/applications", {"requisition_id": "req_nope", "candidate_id": "cand_nope"})
    assert bad.status_code == 422 and set(bad.json["error"]["details"]["fields"]) == {"requisition_id", "candidate_id"}
    assert api.post("/api/v2/applications", {"requisition_id": req}).status_code == 422
    # the candidate's e-mail follows onto the application, which is stamped
    api.control("clock", {"advance_s": 3})
    api.call("PATCH", f"/api/v2/candidates/{cand['id']}", json={"email": "ab@example.com"})
    after = api.get(f"/api/v2/applications/{r.json['id']}").json
    assert after["candidate_email"] == "ab@example.com" and after["updated_at"] > r.json["updated_at"]


def test_notes_create_and_validation(api):
    cand = api.rows("candidates")[0]["id"]
    r = api.post(f"/api/v2/candidates/{cand}/notes", {"body": "Imported", "author": {"name": "Bot", "email": "it@example.com"}})
    assert r.status_code == 201 and r.json["author"] == {"name": "Bot", "email": "it@example.com"}
    r = api.post(f"/api/v2/candidates/{cand}/notes", {"body": "plain"})
    assert r.json["author"] == {"name": "API integration", "email": None}
    for bad in ({}, {"body": ""}, {"body": "x", "author": "me"}, {"body": "x", "author": {"email": "no"}}):
        r = api.post(f"/api/v2/candidates/{cand}/notes", bad)
        assert r.status_code == 422, bad
    assert api.post("/api/v2/candidates/cand_nope/notes", {"body": "x"}).status_code == 404


def test_unknown_paths_and_methods_get_the_envelope(api):
    r = api.get("/api/v2/jobs")
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"
    r = api.call("PUT", "/api/v2/requisitions")
    assert r.status_code == 405 and r.json["error"]["code"] == "method_not_allowed"
    assert api.get("/api/v2/requisitions/req_nope").json["error"] == {
        "status": 404, "code": "not_found", "message": "No requisition with id 'req_nope'."}
