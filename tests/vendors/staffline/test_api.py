"""Every documented endpoint: its happy path and its auth failure; pagination, filters, the
placement PATCH and bad input (always a 4xx in StaffLine's envelope, never a 500)."""
from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from tests.vendors.conformance import documented_routes, load_openapi

from .conftest import signature

DAY_MS = 86_400_000

# one concrete request per documented operation (small/1 has these ids)
TARGETS = {
    ("GET", "/v1/candidates"): "/v1/candidates",
    ("GET", "/v1/candidates/{candidate_id}"): "/v1/candidates/1",
    ("GET", "/v1/jobs"): "/v1/jobs",
    ("GET", "/v1/jobs/{job_id}"): "/v1/jobs/1",
    ("GET", "/v1/applications"): "/v1/applications",
    ("GET", "/v1/applications/{application_id}"): "/v1/applications/1",
    ("GET", "/v1/placements"): "/v1/placements",
    ("GET", "/v1/placements/{placement_id}"): "/v1/placements/1",
    ("PATCH", "/v1/placements/{placement_id}"): "/v1/placements/{active}",
    ("GET", "/v1/deleted"): "/v1/deleted",
}


def test_targets_cover_every_documented_operation():
    assert set(TARGETS) == documented_routes(load_openapi("staffline"))


def _target(sl, key):
    target = TARGETS[key]
    if "{active}" in target:
        target = target.format(active=_placement(sl, "Active")["id"])
    return target


def _placement(sl, status):
    return next(p for p in sl.walk("/v1/placements") if p["status"] == status)


def _body(sl, key, target):
    if key[0] != "PATCH":
        return None
    p = sl.get(target.replace("{active}", "")).json["data"]
    return {"end_date": p["end_date"] + 7 * DAY_MS}


@pytest.mark.parametrize("key", sorted(TARGETS), ids=lambda k: f"{k[0]} {k[1]}")
def test_happy_path(sl, key):
    target = _target(sl, key)
    r = sl.call(key[0], target, _body(sl, key, target))
    assert r.status_code == 200, r.get_data(as_text=True)
    assert "Date" in r.headers
    data = r.json["data"]
    if "{" in key[1]:
        assert isinstance(data, dict) and data["id"] == int(target.rsplit("/", 1)[1])
    else:
        assert isinstance(data, list) and data and r.json["total"] >= len(data)


@pytest.mark.parametrize("key", sorted(TARGETS), ids=lambda k: f"{k[0]} {k[1]}")
def test_auth_failure(sl, key):
    target = _target(sl, key)
    body = _body(sl, key, target)
    cases = [
        (dict(sign=False), "missing_signature"),
        (dict(key=None), "missing_api_key"),
        (dict(key="sl_wrong_key"), "invalid_api_key"),
        (dict(secret="not-the-secret"), "signature_invalid"),
        (dict(ts=sl.vendor_now() - 301), "signature_expired"),
        (dict(headers={"X-SL-Timestamp": "yesterday"}), "invalid_timestamp"),
    ]
    for kwargs, code in cases:
        r = sl.call(key[0], target, body, **kwargs)
        assert r.status_code == 401, (kwargs, r.get_data(as_text=True))
        assert r.json["error"] == {"status": 401, "code": code, "message": r.json["error"]["message"]}
        assert "Date" in r.headers
    if key[0] == "PATCH":  # nothing was written by the refused requests
        assert sl.get(target).json["data"]["end_date"] == body["end_date"] - 7 * DAY_MS


def test_signature_covers_path_query_and_exact_body(sl):
    # signing the path without the query
    ts = str(sl.vendor_now())
    r = sl.get("/v1/placements?count=2", headers={
        "X-SL-Timestamp": ts, "X-SL-Signature": signature("sl_test_secret_91a2e7d4", ts, "GET", "/v1/placements", b"")})
    assert r.json["error"]["code"] == "signature_invalid"
    # signing one serialisation and sending another (keys reordered)
    pid = _placement(sl, "Active")["id"]
    end = sl.get(f"/v1/placements/{pid}").json["data"]["end_date"] + DAY_MS
    signed = json.dumps({"end_date": end, "pay_rate": "40.00"}).encode()
    sent = json.dumps({"pay_rate": "40.00", "end_date": end}).encode()
    r = sl.call("PATCH", f"/v1/placements/{pid}", raw=sent, headers={
        "X-SL-Timestamp": ts,
        "X-SL-Signature": signature("sl_test_secret_91a2e7d4", ts, "PATCH", f"/v1/placements/{pid}", signed)})
    assert r.status_code == 401 and r.json["error"]["code"] == "signature_invalid"
    assert sl.call("PATCH", f"/v1/placements/{pid}", raw=sent).status_code == 200


def test_pagination_start_count_total_ordered_by_id(sl):
    first = sl.get("/v1/candidates").json
    assert first["start"] == 0 and first["count"] == 50 and len(first["data"]) == 50
    assert first["total"] == 50
    ids = [c["id"] for c in first["data"]]
    assert ids == sorted(ids)
    page = sl.get("/v1/candidates?start=45&count=10").json
    assert [c["id"] for c in page["data"]] == ids[45:] and page["count"] == 5 and page["start"] == 45
    assert sl.get("/v1/candidates?start=500").json == {"data": [], "start": 500, "count": 0, "total": 50}
    apps = sl.get("/v1/applications?count=200").json
    assert apps["count"] == len(apps["data"]) == apps["total"] == len(sl.table("applications"))


@pytest.mark.parametrize("query", ["count=0", "count=201", "count=abc", "start=-1", "start=1.5",
                                   "start=99999999999999999999999", "updated_since=abc",
                                   "updated_since=-5", "updated_since=1.5e9", "candidate_id=0",
                                   "candidate_id=x", "job_id=99999999999999999999999"])
def test_bad_list_parameters_are_400(sl, query):
    path = "/v1/applications" if ("candidate_id" in query or "job_id" in query) else "/v1/placements"
    r = sl.get(f"{path}?{query}")
    assert r.status_code == 400, r.get_data(as_text=True)
    assert r.json["error"]["code"] == "invalid_parameter" and r.json["error"]["status"] == 400


def test_bad_deleted_parameters_are_400(sl):
    for q in ("type=person", "since=soon", "count=500"):
        r = sl.get(f"/v1/deleted?{q}")
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid_parameter", q


def test_filters(sl):
    apps = sl.get("/v1/applications?candidate_id=1&count=200").json["data"]
    assert apps and {a["candidate_id"] for a in apps} == {1}
    job_id = apps[0]["job_id"]
    by_job = sl.get(f"/v1/applications?job_id={job_id}&count=200").json["data"]
    assert by_job and {a["job_id"] for a in by_job} == {job_id}
    p = sl.get("/v1/placements?start=3&count=1").json["data"][0]
    hit = sl.get(f"/v1/placements?external_ref={p['external_ref']}").json
    assert hit["total"] == 1 and hit["data"] == [p]
    assert sl.get(f"/v1/placements?external_ref={p['external_ref'].lower()}").json["total"] == 0
    assert sl.get("/v1/placements?external_ref=ASN-0000000").json == {"data": [], "start": 0, "count": 0, "total": 0}


def test_record_shapes(sl):
    cand = sl.get("/v1/candidates/1").json["data"]
    assert list(cand) == ["id", "first_name", "last_name", "email", "phone", "city", "status", "created_at",
                          "updated_at"]
    job = sl.get("/v1/jobs/1").json["data"]
    assert list(job) == ["id", "title", "client_code", "client_name", "city", "status", "created_at", "updated_at"]
    app_ = sl.get("/v1/applications/1").json["data"]
    assert list(app_) == ["id", "candidate_id", "job_id", "status", "applied_at", "updated_at"]
    for p in sl.walk("/v1/placements"):
        assert list(p) == ["id", "candidate_id", "job_id", "external_ref", "client_code", "status", "start_date",
                           "end_date", "bill_rate", "pay_rate", "created_at", "updated_at"]
        assert p["start_date"] % DAY_MS == 0 and (p["end_date"] is None or p["end_date"] % DAY_MS == 0)
        assert isinstance(p["bill_rate"], str) and isinstance(p["pay_rate"], str)
        assert p["created_at"] > 10**12 and p["updated_at"] >= p["created_at"]


def test_unknown_and_deleted_ids_are_404(sl):
    for path in ("/v1/candidates/99999", "/v1/jobs/99999", "/v1/applications/99999", "/v1/placements/99999",
                 "/v1/placements/99999999999999999999999999"):
        r = sl.get(path)
        assert r.status_code == 404 and r.json["error"]["code"] == "not_found", path
    tomb = sl.get("/v1/deleted?type=candidate").json["data"][0]
    r = sl.get(f"/v1/candidates/{tomb['id']}")
    assert r.status_code == 404 and r.json["error"]["code"] == "record_deleted"
    r = sl.patch("/v1/placements/99999999999999999999999999", {"end_date": None})
    assert r.status_code == 404
    assert sl.get("/v1/nothing").status_code == 404
    r = sl.call("DELETE", "/v1/placements/1")
    assert r.status_code == 405 and r.json["error"]["code"] == "method_not_allowed"


def test_patch_end_date_writes_and_stamps(sl):
    p = _placement(sl, "Active")
    new_end = p["end_date"] + 14 * DAY_MS
    r = sl.patch(f"/v1/placements/{p['id']}", {"end_date": new_end})
    assert r.status_code == 200
    got = r.json["data"]
    assert got["end_date"] == new_end and got["updated_at"] > p["updated_at"]
    assert {k: v for k, v in got.items() if k not in ("end_date", "updated_at")} == \
        {k: v for k, v in p.items() if k not in ("end_date", "updated_at")}
    assert sl.get(f"/v1/placements/{p['id']}").json["data"] == got
    row = next(x for x in sl.table("placements") if x["id"] == p["id"])
    assert row["end_date"] == datetime.fromtimestamp(new_end / 1000, tz=timezone.utc).date().isoformat()


def test_patch_other_fields_and_unchanged_values(sl):
    p = _placement(sl, "Active")
    r = sl.patch(f"/v1/placements/{p['id']}", {"bill_rate": "48.125", "pay_rate": "35.1", "status": "Ended"})
    assert r.status_code == 200
    got = r.json["data"]
    assert (got["bill_rate"], got["pay_rate"], got["status"]) == ("48.125", "35.1", "Ended")
    # the same values again: 200, nothing written, updated_at unchanged
    sl.control("clock", {"advance_s": 60})
    again = sl.patch(f"/v1/placements/{p['id']}", {"bill_rate": "48.125", "end_date": got["end_date"]})
    assert again.status_code == 200 and again.json["data"] == got
    # an earlier end date is accepted (business rules are the client's), open-ended too
    r = sl.patch(f"/v1/placements/{p['id']}", {"end_date": p["start_date"]})
    assert r.status_code == 200 and r.json["data"]["end_date"] == p["start_date"]
    assert sl.patch(f"/v1/placements/{p['id']}", {"end_date": None}).json["data"]["end_date"] is None


def test_patch_closed_placement_is_409(sl):
    p = _placement(sl, "Closed")
    r = sl.patch(f"/v1/placements/{p['id']}", {"end_date": (p["end_date"] or p["start_date"]) + 7 * DAY_MS})
    assert r.status_code == 409 and r.json["error"]["code"] == "placement_closed"
    assert sl.get(f"/v1/placements/{p['id']}").json["data"] == p


@pytest.mark.parametrize("body, status, code", [
    ({"end_date": 1775001600001}, 422, "invalid_date"),
    ({"end_date": "2026-04-01"}, 422, "invalid_date"),
    ({"end_date": 1775001600000.0}, 422, "invalid_date"),
    ({"end_date": True}, 422, "invalid_date"),
    ({"end_date": -86400000}, 422, "invalid_date"),
    ({"end_date": 10**20}, 422, "invalid_date"),
    ({"end_date": 0}, 422, "end_before_start"),
    ({"bill_rate": 48.125}, 422, "invalid_rate"),
    ({"bill_rate": "48.1234"}, 422, "invalid_rate"),
    ({"pay_rate": "48.12\n"}, 422, "invalid_rate"),
    ({"status": "Closed"}, 422, "invalid_status"),
    ({"status": "active"}, 422, "invalid_status"),
    ({"external_ref": "X"}, 422, "field_not_editable"),
    ({"start_date": 0}, 422, "field_not_editable"),
    ({"hours": 40}, 422, "unknown_field"),
    ({}, 422, "no_changes"),
    ([], 400, "invalid_json"),
    ("end", 400, "invalid_json"),
])
def test_patch_validation(sl, body, status, code):
    p = _placement(sl, "Active")
    r = sl.patch(f"/v1/placements/{p['id']}", body)
    assert r.status_code == status and r.json["error"]["code"] == code, r.get_data(as_text=True)
    assert sl.get(f"/v1/placements/{p['id']}").json["data"] == p


def test_patch_malformed_json_is_400(sl):
    p = _placement(sl, "Active")
    for raw in (b"{", b"\xff\xfe", b"", b"[" * 100_000):
        r = sl.call("PATCH", f"/v1/placements/{p['id']}", raw=raw, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid_json", raw
