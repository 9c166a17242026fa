"""Every documented operation: a happy path and an authentication failure; then the
behaviour of each resource (validation, money, filters, state rules)."""
from __future__ import annotations

import pytest

from tests.vendors.conformance import documented_routes, load_openapi

from .helpers import Api

OPS = sorted(documented_routes(load_openapi("placemint")))


def _fixture_ids(api: Api) -> dict:
    placements = api.get("/v1/placements?limit=100").json["data"]
    fees = api.get("/v1/fees?limit=100").json["data"]
    ep = api.post("/v1/webhook_endpoints", {"url": "http://127.0.0.1:9/hooks", "events": ["*"]})
    return {"placement_id": next(p["id"] for p in placements if p["status"] == "active"),
            "fee_id": next(f["id"] for f in fees if f["status"] == "invoiced"),
            "endpoint_id": ep.json["id"]}


def _fill(path: str, ids: dict) -> str:
    for k, v in ids.items():
        path = path.replace("{" + k + "}", v)
    return path


NEW_PLACEMENT = {"candidate_email": "ada.okafor@example.com", "candidate_name": "Ada Okafor",
                 "client_code": "NHS-LEE", "start_date": "2026-03-09", "rate_cents": 5150,
                 "external_ref": "SL-9001"}

HAPPY = {
    ("GET", "/v1/placements"): (None, 200, lambda b, ids: b["object"] == "list" and b["total"] == 50),
    ("POST", "/v1/placements"): (NEW_PLACEMENT, 201,
                                 lambda b, ids: b["id"].startswith("plc_") and b["version"] == 1
                                 and b["status"] == "active" and b["external_ref"] == "SL-9001"),
    ("GET", "/v1/placements/{placement_id}"): (None, 200, lambda b, ids: b["id"] == ids["placement_id"]),
    ("PATCH", "/v1/placements/{placement_id}"): ({"rate_cents": 7777}, 200,
                                                 lambda b, ids: b["rate_cents"] == 7777 and b["version"] >= 2),
    ("GET", "/v1/placements/{placement_id}/fee_schedules"): (None, 200, lambda b, ids: b["total"] >= 1),
    ("POST", "/v1/placements/{placement_id}/fee_schedules"): (
        {"effective_from": "2026-04-01", "fee_rate": "41.675", "bill_rate_cents": 4168}, 201,
        lambda b, ids: b["id"].startswith("fsch_") and b["fee_rate"] == "41.675"
        and b["placement_id"] == ids["placement_id"]),
    ("GET", "/v1/placements/{placement_id}/timesheets"): (None, 200, lambda b, ids: b["object"] == "list"),
    ("GET", "/v1/timesheets"): (None, 200, lambda b, ids: b["total"] > 0
                                and all(t["id"].startswith("tms_") for t in b["data"])),
    ("GET", "/v1/fees"): (None, 200, lambda b, ids: b["total"] > 0 and b["limit"] == 25),
    ("POST", "/v1/fees"): (None, 201, lambda b, ids: b["id"].startswith("fee_") and b["status"] == "invoiced"
                           and b["amount_cents"] == 149400),
    ("GET", "/v1/fees/{fee_id}"): (None, 200, lambda b, ids: b["id"] == ids["fee_id"]),
    ("PATCH", "/v1/fees/{fee_id}"): ({"status": "paid"}, 200, lambda b, ids: b["status"] == "paid" and b["paid_at"]),
    ("POST", "/v1/fees/{fee_id}/void"): (None, 200, lambda b, ids: b["status"] == "void" and b["voided_at"]),
    ("GET", "/v1/fees/{fee_id}/splits"): (None, 200, lambda b, ids: b["object"] == "list"),
    ("POST", "/v1/fees/{fee_id}/splits"): ({"partner_id": "P-104", "amount_cents": 100, "share_bp": 2500}, 201,
                                           lambda b, ids: b["id"].startswith("spl_") and b["fee_id"] == ids["fee_id"]),
    ("GET", "/v1/webhook_endpoints"): (None, 200, lambda b, ids: b["total"] == 1 and "secret" not in b["data"][0]),
    ("POST", "/v1/webhook_endpoints"): ({"url": "https://example.com/h", "events": ["fee.created"]}, 201,
                                        lambda b, ids: b["secret"].startswith("whsec_") and b["status"] == "enabled"),
    ("GET", "/v1/webhook_endpoints/{endpoint_id}"): (None, 200,
                                                     lambda b, ids: b["id"] == ids["endpoint_id"] and "secret" not in b),
    ("DELETE", "/v1/webhook_endpoints/{endpoint_id}"): (None, 200, lambda b, ids: b["status"] == "disabled"),
    ("POST", "/v1/webhook_endpoints/{endpoint_id}/roll_secret"): (
        {"expires_in_s": 60}, 200, lambda b, ids: b["secret"].startswith("whsec_") and b["previous_secret_expires_at"]),
}


def test_every_documented_operation_has_a_happy_path():
    assert set(HAPPY) == set(OPS)


@pytest.mark.parametrize("op", OPS, ids=lambda op: f"{op[0]} {op[1]}")
def test_happy_path(api, op):
    ids = _fixture_ids(api)
    body, status, check = HAPPY[op]
    if op == ("POST", "/v1/fees"):
        body = {"placement_id": ids["placement_id"], "week": "2026-W10", "amount_cents": 149400,
                "approved_hours": "40.00"}
    r = api.call(op[0], _fill(op[1], ids), body, headers={"Idempotency-Key": "happy-1"} if op[0] == "POST" else None)
    assert r.status_code == status, r.get_data(as_text=True)
    assert check(r.json, ids), r.json


@pytest.mark.parametrize("op", OPS, ids=lambda op: f"{op[0]} {op[1]}")
def test_auth_failure(api, op):
    ids = _fixture_ids(api)
    before = api.dump()["tables"]
    target = _fill(op[1], ids)
    body = HAPPY[op][0] if op[0] in ("POST", "PATCH") else None
    missing = api.call(op[0], target, body, key=None)
    assert missing.status_code == 401 and missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert missing.json["error"] == {"type": "authentication_error", "code": "missing_token",
                                     "message": missing.json["error"]["message"]}
    wrong = api.call(op[0], target, body, key="pm_test_wrong")
    assert wrong.status_code == 401 and wrong.json["error"]["code"] == "invalid_token"
    basic = api.call(op[0], target, body, key=None, headers={"Authorization": "Basic cG1fdGVzdF80ZjhlMjFiYjo="})
    assert basic.status_code == 401
    after = api.dump()["tables"]
    for table in ("placements", "fees", "fee_splits", "fee_schedules", "webhook_subscriptions", "webhook_deliveries"):
        assert after[table] == before[table], table


def test_key_in_query_string_is_not_accepted(api):
    r = api.get("/v1/placements?api_key=pm_test_4f8e21bb", key=None)
    assert r.status_code == 401


# --- placements ---------------------------------------------------------------------------

def test_create_placement_validates_every_field(api):
    good = dict(NEW_PLACEMENT)
    cases = [
        ({**good, "rate_cents": 51.5}, "rate_cents", "amount_not_integer"),
        ({**good, "rate_cents": "5150"}, "rate_cents", "amount_not_integer"),
        ({**good, "rate_cents": True}, "rate_cents", "amount_not_integer"),
        ({**good, "rate_cents": -1}, "rate_cents", "amount_out_of_range"),
        ({**good, "start_date": "09/03/2026"}, "start_date", "parameter_invalid"),
        ({**good, "start_date": "2026-02-30"}, "start_date", "parameter_invalid"),
        ({**good, "end_date": "2026-03-01"}, "end_date", "parameter_invalid"),
        ({**good, "status": "cancelled"}, "status", "parameter_invalid"),
        ({**good, "candidate_email": "not-an-email"}, "candidate_email", "parameter_invalid"),
        ({**good, "currency": "USD"}, "currency", "parameter_invalid"),
        ({**good, "colour": "blue"}, "colour", "parameter_unknown"),
        ({k: v for k, v in good.items() if k != "client_code"}, "client_code", "parameter_missing"),
    ]
    for body, param, code in cases:
        r = api.post("/v1/placements", body)
        assert r.status_code == 400, (body, r.json)
        assert r.json["error"]["param"] == param and r.json["error"]["code"] == code, r.json
        assert r.json["error"]["type"] == "invalid_request_error"
    assert api.post("/v1/placements", raw=b"{not json", headers={"Content-Type": "application/json"}).status_code == 400
    assert api.post("/v1/placements", raw=b"[1, 2]", headers={"Content-Type": "application/json"}).status_code == 400
    assert api.post("/v1/placements").json["error"]["code"] == "body_missing"
    r = api.post("/v1/placements", raw=b"a=b", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    assert api.get("/v1/placements?limit=1").json["total"] == 50


def test_external_ref_is_unique(api):
    assert api.post("/v1/placements", NEW_PLACEMENT).status_code == 201
    r = api.post("/v1/placements", {**NEW_PLACEMENT, "candidate_email": "x@example.com"})
    assert r.status_code == 409 and r.json["error"]["code"] == "external_ref_taken"
    other = api.get("/v1/placements?limit=1").json["data"][0]
    r = api.patch(f"/v1/placements/{other['id']}", {"external_ref": "SL-9001"})
    assert r.status_code == 409 and r.json["error"]["param"] == "external_ref"
    # without a ref, any number of placements
    no_ref = {k: v for k, v in NEW_PLACEMENT.items() if k != "external_ref"}
    assert api.post("/v1/placements", no_ref).status_code == 201
    assert api.post("/v1/placements", no_ref).status_code == 201


def test_patch_bumps_version_and_noop_patch_changes_nothing(api):
    p = api.get("/v1/placements?status=active&limit=1").json["data"][0]
    api.ok_control("clock", {"advance_s": 30})
    r = api.patch(f"/v1/placements/{p['id']}", {"job_title": "Charge Nurse"}).json
    assert r["version"] == p["version"] + 1 and r["updated_at"] > p["updated_at"]
    api.ok_control("clock", {"advance_s": 30})
    again = api.patch(f"/v1/placements/{p['id']}", {"job_title": "Charge Nurse"}).json
    assert again == r  # silent: same version, same updated_at
    assert api.patch(f"/v1/placements/{p['id']}", {}).json == r


def test_canceled_is_spelled_with_one_l_and_is_final(api):
    p = api.get("/v1/placements?status=active&limit=1").json["data"][0]
    r = api.patch(f"/v1/placements/{p['id']}", {"status": "cancelled"})
    assert r.status_code == 400 and "canceled" in r.json["error"]["message"]
    r = api.patch(f"/v1/placements/{p['id']}", {"status": "canceled"})
    assert r.status_code == 200 and r.json["status"] == "canceled"
    r = api.patch(f"/v1/placements/{p['id']}", {"status": "active"})
    assert r.status_code == 409 and r.json["error"]["code"] == "placement_canceled"
    assert api.patch(f"/v1/placements/{p['id']}", {"job_title": "Still editable"}).status_code == 200
    assert api.get("/v1/placements?status=cancelled").status_code == 400
    canceled = api.walk("/v1/placements?status=canceled")
    assert p["id"] in [x["id"] for x in canceled] and all(x["status"] == "canceled" for x in canceled)


def test_placement_filters(api):
    p = api.get("/v1/placements?limit=100").json["data"][7]
    by_email = api.get(f"/v1/placements?candidate_email={p['candidate_email'].upper()}").json
    assert [x["id"] for x in by_email["data"]] == [p["id"]]
    by_client = api.walk(f"/v1/placements?client_code={p['client_code']}")
    assert p["id"] in [x["id"] for x in by_client] and {x["client_code"] for x in by_client} == {p["client_code"]}
    ref = next(x for x in api.walk("/v1/placements") if x["external_ref"])
    assert api.get(f"/v1/placements?external_ref={ref['external_ref']}").json["data"] == [ref]
    assert api.get("/v1/placements?external_ref=nope").json == {
        "object": "list", "url": "/v1/placements", "data": [], "total": 0, "offset": 0, "limit": 25, "has_more": False}
    r = api.get("/v1/placements?updated_since=2026-01-01T00:00:00Z")
    assert r.status_code == 400 and r.json["error"]["code"] == "parameter_unknown"
    assert api.get("/v1/placements/plc_nope").status_code == 404
    assert api.get("/v1/placements/plc_nope").json["error"]["code"] == "resource_missing"


def test_pagination_walks_everything_once(api):
    seen = api.walk("/v1/placements", limit=7)
    assert len(seen) == 50 == len({p["id"] for p in seen})
    page = api.get("/v1/placements?offset=48&limit=5").json
    assert len(page["data"]) == 2 and page["has_more"] is False and page["total"] == 50
    assert api.get("/v1/placements?offset=500").json["data"] == []
    for bad in ("limit=0", "limit=101", "limit=x", "offset=-1"):
        r = api.get(f"/v1/placements?{bad}")
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid_parameter", bad


def test_modified_since_accepts_utc_z_only_and_is_inclusive(api):
    p = api.get("/v1/placements?limit=1").json["data"][0]
    api.ok_control("clock", {"advance_s": 3600})
    changed = api.patch(f"/v1/placements/{p['id']}", {"rate_cents": p["rate_cents"] + 1}).json
    since = changed["updated_at"]
    hits = api.get(f"/v1/placements?modified_since={since}").json
    assert [x["id"] for x in hits["data"]] == [p["id"]]  # inclusive at second resolution
    # the same instant written with an offset is refused (migrate-02's handed-over watermark)
    import datetime as dt

    local = (dt.datetime.fromisoformat(since.replace("Z", "+00:00"))
             .astimezone(dt.timezone(dt.timedelta(hours=1))).isoformat())
    r = api.get("/v1/placements?modified_since=" + local.replace("+", "%2B"))
    assert r.status_code == 400 and r.json["error"]["code"] == "timestamp_invalid"
    assert r.json["error"]["param"] == "modified_since"
    for bad in ("2026-03-02T09:00:00", "2026-03-02", "yesterday", "2026-03-02T09:00:00%2B00:00"):
        assert api.get(f"/v1/placements?modified_since={bad}").status_code == 400, bad
    assert api.get("/v1/placements?modified_since=2026-03-02T09:00:00.5Z").status_code == 200
    assert api.get("/v1/fees?modified_since=2030-01-01T00:00:00Z").json["total"] == 0


def test_external_ref_search_lags_writes_when_configured(api):
    api.ok_control("config", {"settings": {"search_lag_s": 2}})
    created = api.post("/v1/placements", NEW_PLACEMENT).json
    # firing: the search does not see it yet, the record itself and the plain list do
    assert api.get("/v1/placements?external_ref=SL-9001").json["total"] == 0
    assert api.get(f"/v1/placements?candidate_email={NEW_PLACEMENT['candidate_email']}").json["total"] == 0
    assert api.get(f"/v1/placements/{created['id']}").status_code == 200
    assert api.get("/v1/placements?limit=1").json["total"] == 51
    # and a duplicate create is still refused
    assert api.post("/v1/placements", NEW_PLACEMENT).status_code == 409
    api.ok_control("clock", {"advance_s": 3})
    assert api.get("/v1/placements?external_ref=SL-9001").json["data"][0]["id"] == created["id"]


def test_external_ref_search_is_immediate_without_lag(api):
    created = api.post("/v1/placements", NEW_PLACEMENT).json
    assert api.get("/v1/placements?external_ref=SL-9001").json["data"][0]["id"] == created["id"]


# --- fee schedules and timesheets ----------------------------------------------------------

def test_fee_schedule_rules(api):
    pid = api.get("/v1/placements?limit=1").json["data"][0]["id"]
    r = api.post(f"/v1/placements/{pid}/fee_schedules", {"effective_from": "2026-04-01"})
    assert r.status_code == 400 and r.json["error"]["code"] == "parameter_missing"
    r = api.post(f"/v1/placements/{pid}/fee_schedules", {"fee_rate": 37.35})
    assert r.status_code == 400 and r.json["error"]["param"] == "fee_rate"
    r = api.post(f"/v1/placements/{pid}/fee_schedules", {"bill_rate_cents": 41.675})
    assert r.status_code == 400 and r.json["error"]["code"] == "amount_not_integer"
    ok = api.post(f"/v1/placements/{pid}/fee_schedules", {"pay_rate_cents": 3120}).json
    placement = api.get(f"/v1/placements/{pid}").json
    assert ok["effective_from"] == placement["start_date"] and ok["currency"] == placement["currency"]
    assert api.get(f"/v1/placements/{pid}/fee_schedules").json["data"][-1]["id"] == ok["id"]
    assert api.post("/v1/placements/plc_nope/fee_schedules", {"pay_rate_cents": 1}).status_code == 404


def test_timesheet_filters(api):
    sheets = api.walk("/v1/timesheets")
    week = sheets[0]["week"]
    w = api.walk(f"/v1/timesheets?week={week}")
    assert w and all(t["week"] == week for t in w)
    pid = sheets[0]["placement_id"]
    mine = api.walk(f"/v1/placements/{pid}/timesheets")
    assert mine == [t for t in sheets if t["placement_id"] == pid]
    assert api.get(f"/v1/timesheets?placement_id={pid}&week={week}").json["data"] == \
        [t for t in mine if t["week"] == week]
    assert api.get("/v1/timesheets?week=2026-10").status_code == 400
    assert api.get("/v1/timesheets?week=2026-W54").status_code == 400
    assert api.get("/v1/placements/plc_nope/timesheets").status_code == 404


# --- fees ---------------------------------------------------------------------------------

def _fee_body(api, **kw):
    pid = api.get("/v1/placements?status=active&limit=1").json["data"][0]["id"]
    return {"placement_id": pid, "week": "2026-W10", "amount_cents": 29880, **kw}


def test_fee_money_is_integer_cents(api):
    for bad in (298.8, "29880", 29880.0, None, [1]):
        r = api.post("/v1/fees", _fee_body(api, amount_cents=bad))
        assert r.status_code == 400 and r.json["error"]["param"] == "amount_cents", bad
    r = api.post("/v1/fees", _fee_body(api, approved_hours=8))
    assert r.status_code == 400 and r.json["error"]["param"] == "approved_hours"
    r = api.post("/v1/fees", _fee_body(api, week="2026-10"))
    assert r.status_code == 400 and r.json["error"]["param"] == "week"
    r = api.post("/v1/fees", _fee_body(api, placement_id="plc_nope"))
    assert r.status_code == 400 and r.json["error"]["code"] == "resource_missing"
    fee = api.post("/v1/fees", _fee_body(api, approved_hours="8.00")).json
    assert fee["amount_cents"] == 29880 and fee["approved_hours"] == "8.00" and fee["currency"] == "usd"


def test_vendor_does_not_enforce_one_fee_per_week(api):
    body = _fee_body(api)
    a = api.post("/v1/fees", body).json
    b = api.post("/v1/fees", body).json  # a blind retry without a key: a second fee
    assert a["id"] != b["id"]
    listed = api.get(f"/v1/fees?placement_id={body['placement_id']}&week=2026-W10").json
    assert listed["total"] == 2


def test_fee_status_rules(api):
    fee = api.post("/v1/fees", _fee_body(api)).json
    assert api.patch(f"/v1/fees/{fee['id']}", {"status": "void"}).status_code == 400
    assert api.patch(f"/v1/fees/{fee['id']}", {"amount_cents": 30000}).json["amount_cents"] == 30000
    paid = api.patch(f"/v1/fees/{fee['id']}", {"status": "paid"}).json
    assert paid["status"] == "paid" and paid["paid_at"]
    r = api.patch(f"/v1/fees/{fee['id']}", {"status": "invoiced"})
    assert r.status_code == 409 and r.json["error"]["code"] == "fee_paid"
    assert api.post(f"/v1/fees/{fee['id']}/void").json["error"]["code"] == "fee_paid"
    other = api.post("/v1/fees", _fee_body(api)).json
    void = api.post(f"/v1/fees/{other['id']}/void", raw=b"", headers={"Content-Type": "application/json"})
    assert void.status_code == 200 and void.json["status"] == "void"
    again = api.post(f"/v1/fees/{other['id']}/void")
    assert again.status_code == 409 and again.json["error"]["code"] == "fee_void"
    assert api.patch(f"/v1/fees/{other['id']}", {"approved_hours": "1.00"}).status_code == 409
    assert api.post(f"/v1/fees/{other['id']}/void", {"reason": "x"}).status_code == 400
    assert api.get("/v1/fees?status=void").json["total"] >= 1
    assert api.get("/v1/fees?status=voided").status_code == 400
    assert api.get("/v1/fees/fee_nope").status_code == 404


def test_fee_filters(api):
    fees = api.walk("/v1/fees")
    f = fees[3]
    assert all(x["placement_id"] == f["placement_id"] for x in api.walk(f"/v1/fees?placement_id={f['placement_id']}"))
    by_week = api.walk(f"/v1/fees?week={f['week']}")
    assert len(by_week) == sum(x["week"] == f["week"] for x in fees)
    assert len(api.walk("/v1/fees?status=paid")) == sum(x["status"] == "paid" for x in fees)


# --- splits -------------------------------------------------------------------------------

def test_splits_one_per_call_sums_not_enforced(api):
    fee = api.post("/v1/fees", _fee_body(api, amount_cents=1000)).json
    for partner, cents in (("P-101", 334), ("P-102", 333), ("P-103", 333)):
        r = api.post(f"/v1/fees/{fee['id']}/splits", {"partner_id": partner, "amount_cents": cents, "share_bp": 3333})
        assert r.status_code == 201
    after = api.get(f"/v1/fees/{fee['id']}").json
    assert after["split_count"] == 3 and after["split_total_cents"] == 1000 and after["version"] == 4
    # the vendor stores what it is sent: over-allocation and repeated partners are the client's problem
    assert api.post(f"/v1/fees/{fee['id']}/splits", {"partner_id": "P-101", "amount_cents": 999}).status_code == 201
    assert api.get(f"/v1/fees/{fee['id']}").json["split_total_cents"] == 1999
    splits = api.get(f"/v1/fees/{fee['id']}/splits").json
    assert [s["partner_id"] for s in splits["data"]] == ["P-101", "P-102", "P-103", "P-101"]
    r = api.patch(f"/v1/fees/{fee['id']}", {"amount_cents": 2000})
    assert r.status_code == 409 and r.json["error"]["code"] == "fee_has_splits"
    for bad in ({"partner_id": "P 1", "amount_cents": 1}, {"partner_id": "P-1", "amount_cents": 1.5},
                {"partner_id": "P-1", "amount_cents": 1, "share_bp": 10001}, {"amount_cents": 1},
                {"partner_id": "P-1", "amount_cents": 1, "fee_id": "x"}):
        assert api.post(f"/v1/fees/{fee['id']}/splits", bad).status_code == 400, bad
    assert api.post("/v1/fees/fee_nope/splits", {"partner_id": "HOUSE", "amount_cents": 1}).status_code == 404
    assert api.get("/v1/fees/fee_nope/splits").status_code == 404


def test_splits_on_a_void_fee_are_refused(api):
    fee = api.post("/v1/fees", _fee_body(api)).json
    assert api.post(f"/v1/fees/{fee['id']}/splits", {"partner_id": "HOUSE", "amount_cents": 10}).status_code == 201
    api.post(f"/v1/fees/{fee['id']}/void")
    r = api.post(f"/v1/fees/{fee['id']}/splits", {"partner_id": "HOUSE", "amount_cents": 29870})
    assert r.status_code == 409 and r.json["error"]["code"] == "fee_void"
    assert api.get(f"/v1/fees/{fee['id']}/splits").json["total"] == 1  # existing splits stay


# --- idempotency --------------------------------------------------------------------------

def test_idempotency_replays_the_first_response(api):
    body = _fee_body(api)
    h = {"Idempotency-Key": "fee-W10-1"}
    first = api.post("/v1/fees", body, headers=h)
    again = api.post("/v1/fees", body, headers=h)
    assert first.status_code == again.status_code == 201
    assert first.headers["Idempotent-Replayed"] == "false" and again.headers["Idempotent-Replayed"] == "true"
    assert first.get_data() == again.get_data()
    assert api.get(f"/v1/fees?placement_id={body['placement_id']}&week=2026-W10").json["total"] == 1
    other = api.post("/v1/fees", {**body, "amount_cents": 1}, headers=h)
    assert other.status_code == 422
    assert other.json["error"] == {"type": "idempotency_error", "code": "idempotency_key_reused",
                                   "message": other.json["error"]["message"]}
    # the key is per operation: another path with the same key is a different request
    assert api.post(f"/v1/placements/{body['placement_id']}/fee_schedules", {"pay_rate_cents": 1},
                    headers=h).status_code == 422
    assert api.post("/v1/fees", body, headers={"Idempotency-Key": "x" * 256}).status_code == 400


def test_idempotency_covers_every_post(api):
    ids = _fixture_ids(api)
    posts = sorted((op for op in HAPPY if op[0] == "POST"), key=lambda op: op[1].endswith("/void"))
    for method, path in posts:
        body, status, _ = HAPPY[(method, path)]
        if path == "/v1/fees":
            body = {"placement_id": ids["placement_id"], "week": "2026-W11", "amount_cents": 5}
        target = _fill(path, ids)
        h = {"Idempotency-Key": f"k-{path}"}
        a = api.call("POST", target, body, headers=h)
        b = api.call("POST", target, body, headers=h)
        assert a.status_code == status and b.status_code == status, (path, a.json)
        assert b.headers["Idempotent-Replayed"] == "true" and a.get_data() == b.get_data(), path


def test_errors_are_enveloped_never_500(api):
    r = api.call("PUT", "/v1/placements")
    assert r.status_code == 405 and r.json["error"]["code"] == "method_not_allowed"
    r = api.get("/v1/nothing")
    assert r.status_code == 404 and set(r.json["error"]) >= {"type", "code", "message"}
    surrogate = b'{"candidate_email": "a@example.com", "candidate_name": "\\ud800", "client_code": "X", ' \
                b'"start_date": "2026-01-01", "rate_cents": 1}'
    r = api.post("/v1/placements", raw=surrogate, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json["error"]["code"] == "body_invalid"
    r = api.post("/v1/placements", raw=surrogate.replace(b"1}", b"1e400}"), headers={"Content-Type": "application/json"})
    assert r.status_code == 400
