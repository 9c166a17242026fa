"""StaffLine against the shared conformance checks: OpenAPI ⇔ url_map, schemathesis over the
whole spec, the proxy guard, the control plane and the served docs."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, load_openapi, run_schemathesis

from .conftest import KEY, NONCE, SECRET, SL, TOKEN, make_app, signature


def test_openapi_matches_url_map(app):
    assert_openapi_matches_url_map(app, "staffline")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    from vendors.kit.app import context_of

    c = context_of(app)

    def sign(method, target, body):
        ts = str(int(c.now().timestamp()))
        return {"X-IB-Via": NONCE, "X-SL-Key": KEY, "X-SL-Timestamp": ts,
                "X-SL-Signature": signature(SECRET, ts, method, target, body)}

    seen: dict[tuple[str, int], int] = {}

    @app.after_request
    def _count(resp):
        from flask import request

        key = (request.method, resp.status_code)
        seen[key] = seen.get(key, 0) + 1
        return resp

    labels = run_schemathesis(app, "staffline", sign, max_examples=20)
    assert len(labels) == len(load_openapi("staffline")["paths"]) + 1  # + the PATCH
    # the generated requests were really signed: reads and writes got through
    assert seen.get(("GET", 200), 0) > 50 and seen.get(("PATCH", 200), 0) + seen.get(("PATCH", 409), 0) > 0
    assert not any(status >= 500 for _, status in seen), seen


def test_guard_refuses_and_logs_requests_without_the_nonce(sl):
    r = sl.client.get("/v1/candidates")
    assert r.status_code == 403 and r.json["error"]["code"] == "proxy_bypass"
    assert "STAFFLINE_BASE_URL" in r.json["error"]["message"]
    r = sl.get("/v1/candidates", headers={"X-IB-Via": "not-the-nonce"})
    assert r.status_code == 403
    rows = sl.dump()["tables"]["bypass_log"]["rows"]
    assert [(row[1], row[2], row[4]) for row in rows] == [
        ("GET", "/v1/candidates", "missing_via"), ("GET", "/v1/candidates", "wrong_via")]
    assert sl.get("/v1/candidates").status_code == 200


def test_guard_stays_silent_for_proxied_requests(sl):
    assert sl.get("/v1/placements?count=1").status_code == 200
    assert sl.dump()["tables"]["bypass_log"]["rows"] == []


def test_control_plane_is_404_without_the_token(sl):
    for path in ("reset", "mutate", "clock", "config", "dump", "health"):
        assert sl.client.post(f"/_control/{path}", json={}).status_code == 404
        assert sl.client.get(f"/_control/{path}", headers={"X-Control-Token": "wrong"}).status_code == 404
    assert sl.control("health", method="GET")["vendor"] == "staffline"


def test_control_mutate_and_clock_change_what_the_api_returns(sl):
    sl.mutate({"op": "update", "table": "candidates", "id": 1, "values": {"first_name": "Renamed"}})
    assert sl.get("/v1/candidates/1").json["data"]["first_name"] == "Renamed"
    before = sl.get("/v1/jobs?count=1")
    sl.control("clock", {"advance_s": 3600})
    after = sl.get("/v1/jobs?count=1")
    from email.utils import parsedate_to_datetime

    gap = parsedate_to_datetime(after.headers["Date"]) - parsedate_to_datetime(before.headers["Date"])
    assert 3599 <= gap.total_seconds() <= 3602
    # a change made now carries the moved clock in updated_at
    sl.mutate({"op": "update", "table": "jobs", "id": 1, "values": {"status": "closed"}})
    job = sl.get("/v1/jobs/1").json["data"]
    assert job["status"] == "closed"
    assert abs(job["updated_at"] / 1000 - parsedate_to_datetime(after.headers["Date"]).timestamp()) < 3


def test_control_reset_refuses_unknown_dataset(sl):
    r = sl.client.post("/_control/reset", json={"dataset": "nope"}, headers={"X-Control-Token": TOKEN})
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_dataset"


def test_control_mutate_bad_ops_are_400_not_500(sl):
    bad = [
        {"op": "create", "table": "placements", "values": {"candidate_id": 999999, "job_id": 1}},
        {"op": "create", "table": "placements", "values": {"candidate_id": 1, "job_id": 1, "bill_rate": "12.3456"}},
        {"op": "update", "table": "placements", "id": 1, "values": {"status": "Paused"}},
        {"op": "update", "table": "placements", "id": 1, "values": {"end_date": "31/12/2026"}},
        {"op": "update", "table": "candidates", "id": 1, "values": {"email": None}},
        {"op": "create", "table": "candidates", "values": {"first_name": "x"}},
        {"op": "delete", "table": "candidates", "id": 99999},
    ]
    for op in bad:
        r = sl.client.post("/_control/mutate", json={"ops": [op]}, headers={"X-Control-Token": TOKEN})
        assert r.status_code == 400, (op, r.get_data(as_text=True))
        assert r.json["error"]["code"] == "invalid_op"


def test_docs_and_openapi_are_served_without_auth(sl):
    index = sl.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "StaffLine API" in index.get_data(as_text=True)
    for page in ("authentication", "pagination", "incremental-sync", "candidates", "jobs", "applications",
                 "placements", "deleted", "errors", "rate-limits", "webhooks", "changelog"):
        r = sl.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    assert sl.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE}).status_code == 200


def test_vendor_yaml_is_true_to_the_app(app):
    from vendors.kit.app import context_of
    from vendors.staffline.seed import DATASETS

    traits = context_of(app).traits
    assert traits.datasets == DATASETS
    assert traits.webhooks is None and traits.auth.signing.window_s == 300
    assert traits.pagination.default_limit == 50 and traits.pagination.max_limit == 200
    assert set(traits.settings) <= set(context_of(app).spec.settings) | {"scheduled_mutations"}
    assert SL(app).get("/v1/candidates?count=200").status_code == 200
