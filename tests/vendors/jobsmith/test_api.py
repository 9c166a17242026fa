"""Jobsmith's public API: a happy path and an auth failure for every documented endpoint,
form-encoded writes, local dates, and the two legacy mechanics with a real client loop
(walking /page/{n} to the empty list past short pages; the single-object quirk)."""
from __future__ import annotations

import pytest

from vendors.kit.path_segment_pagination import walk_path_pages

from .helpers import KEY, NONCE, Api, make_app

READS = ["/v1/jobs", "/v1/jobs/page/1", "/v1/jobs/1", "/v1/applicants", "/v1/applicants/page/1",
         "/v1/applicants/1", "/v1/applicants/1/notes", "/v1/hires", "/v1/hires/page/1"]
WRITES = [("/v1/notes", {"applicant_id": "1", "contents": "Called back."}),
          ("/v1/applicants2jobs", {"applicant_id": "1", "job_id": "2", "workflow_status": "Interview"})]


@pytest.mark.parametrize("path", READS)
def test_every_read_has_a_happy_path(ro_api, path):
    r = ro_api.get(path)
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.json not in (None, [])


@pytest.mark.parametrize("path", READS)
def test_every_read_refuses_a_missing_or_wrong_key(ro_api, path):
    missing = ro_api.get(path, key=None)
    assert missing.status_code == 401 and missing.json["code"] == "missing_api_key"
    assert missing.json["status"] == "error"
    assert ro_api.get(path, key="js_wrong").status_code == 401


def test_a_key_in_a_header_is_ignored(ro_api):
    for header in ({"apikey": KEY}, {"X-Api-Key": KEY}, {"Authorization": f"Bearer {KEY}"}):
        assert ro_api.get("/v1/jobs", key=None, headers=header).status_code == 401


@pytest.mark.parametrize("path,data", WRITES)
def test_every_write_has_a_happy_path_and_an_auth_failure(api, path, data):
    assert api.post_form(path, data, key=None).status_code == 401
    assert api.post_form(path, data, key="js_wrong").status_code == 401
    r = api.post_form(path, data)
    assert r.status_code in (200, 201), r.get_data(as_text=True)
    assert r.json["status"] == "success"


def test_writes_are_form_encoded_json_is_refused(api):
    r = api.client.post(f"/v1/notes?apikey={KEY}", json={"applicant_id": 1, "contents": "x"},
                        headers={"X-IB-Via": NONCE})
    assert r.status_code == 415 and r.json["code"] == "unsupported_media_type"
    assert api.post_form("/v1/notes", {"applicant_id": "1"}).status_code == 422
    assert api.post_form("/v1/notes", {"applicant_id": "abc", "contents": "x"}).status_code == 422
    assert api.post_form("/v1/notes", {"applicant_id": "99999", "contents": "x"}).status_code == 404
    bad = api.post_form("/v1/applicants2jobs", {"applicant_id": "1", "job_id": "2", "workflow_status": "Promoted"})
    assert bad.status_code == 422 and bad.json["field"] == "workflow_status"


def test_note_and_status_writes_land(api):
    note = api.post_form("/v1/notes", {"applicant_id": "2", "contents": "Background check: CLEAR (ClearCheck chk_1)"})
    assert note.status_code == 201
    notes = api.get("/v1/applicants/2/notes").json
    notes = [notes] if isinstance(notes, dict) else notes
    assert notes[-1]["contents"] == "Background check: CLEAR (ClearCheck chk_1)"
    assert api.post_form("/v1/applicants2jobs", {"applicant_id": "2", "job_id": "3", "workflow_status": "Hired"}).status_code == 200
    detail = api.get("/v1/applicants/2").json
    assert {"job_id": 3, "status": "Hired"}.items() <= next(j for j in detail["jobs"] if j["job_id"] == 3).items()
    hires = [h for h in api.rows("hires") if h["applicant_id"] == 2 and h["job_id"] == 3]
    assert len(hires) == 1
    city = api.get("/v1/jobs/3").json["city"]
    by_loc = api.get(f"/v1/hires?location={city}").json
    by_loc = [by_loc] if isinstance(by_loc, dict) else by_loc
    assert any(h["applicant_id"] == 2 for h in by_loc) and all(h["location"] == city for h in by_loc)


def test_jobs_carry_internal_code_and_filter_by_it(ro_api):
    job = ro_api.get("/v1/jobs/1").json
    assert job["internal_code"] == "JS-101"
    one = ro_api.get("/v1/jobs?internal_code=JS-101").json
    assert isinstance(one, dict) and one["id"] == 1  # exactly one match: an object
    assert ro_api.get("/v1/jobs/5").json["internal_code"] is None


def test_dates_are_local_to_the_account_time_zone(api):
    # applicant 1 applied at 02:30 UTC: still the previous day in New York
    row = next(r for r in api.rows("applicants") if r["id"] == 1)
    utc_day = row["applied_at"][:10]
    local = api.get("/v1/applicants/1").json["apply_date"]
    assert local < utc_day
    api.ok_control("config", {"settings": {"timezone": "UTC"}})
    assert api.get("/v1/applicants/1").json["apply_date"] == utc_day


def test_errors_use_the_envelope_and_never_500(ro_api):
    for path in ("/v1/jobs/99999", "/v1/applicants/99999", "/v1/applicants/99999999999999999999",
                 "/v1/applicants/9", "/v1/nothing"):
        r = ro_api.get(path)
        assert r.status_code == 404 and r.json["status"] == "error", path
    for path in ("/v1/applicants?job_id=x", "/v1/applicants?status=Maybe", "/v1/jobs/page/0"):
        assert ro_api.get(path).status_code == 400, path
    assert ro_api.get("/v1/applicants/page/99999999999999").json == []


def test_walk_continues_past_short_pages_to_the_empty_list():
    api = Api(make_app(DATASET="large"))
    visible = [r["id"] for r in api.rows("applicants") if not r["hidden"]]
    items, lengths = api.walk("/v1/applicants")
    assert [a["id"] for a in items] == visible  # nothing missing, nothing doubled
    assert lengths[-1] == 0 and len(lengths) == 51  # pages 1-50 hold rows, page 51 is empty
    assert lengths[0] < 100 and all(0 < n < 100 for n in lengths[:-1])  # short pages mid-stream
    # a client that stops at the first short page loses nearly everything
    first_page = api.get("/v1/applicants").json
    assert len(first_page) < 100 and len(first_page) < len(visible) / 40
    # the kit's reference walker agrees
    assert walk_path_pages(lambda n: api.get("/v1/applicants" if n == 1 else f"/v1/applicants/page/{n}").json) == items


def test_single_result_comes_back_as_an_object_two_as_a_list(ro_api):
    one = ro_api.get("/v1/applicants?job_id=5")
    assert one.status_code == 200 and isinstance(one.json, dict)  # the quirk fires
    assert one.json["id"] == 3 and one.json["job_id"] == 5
    two = ro_api.get("/v1/applicants?job_id=6").json
    assert isinstance(two, list) and [a["id"] for a in two] == [4, 5]  # silent
    # a client loop that wraps the object reads both the same way
    items, _ = Api.walk(ro_api, "/v1/applicants", "job_id=5")
    assert [a["id"] for a in items] == [3]
    # iterating a singleton's keys (the mutant) yields field names, not applicants
    assert "first_name" in list(one.json)


def test_a_last_page_of_one_is_an_object(api):
    n = len(api.rows("applicants"))
    api.ok_control("mutate", {"ops": [
        {"op": "create", "table": "applicants", "values": {
            "first_name": "Pat", "last_name": "Vine", "email": f"pat{i}@applicants.example",
            "applied_at": "$now-3600", "hidden": False}} for i in range(100 - n + 1)]})
    page2 = api.get("/v1/applicants/page/2").json
    assert isinstance(page2, dict) and page2["first_name"] == "Pat"
    assert api.get("/v1/applicants/page/3").json == []
    items, lengths = api.walk("/v1/applicants")
    assert lengths[1] == 1 and items[-1]["id"] == page2["id"]
