"""The kit's parts, exercised through a toy vendor composed from them."""
from __future__ import annotations

import hashlib
import hmac
import json
import time

import pytest

from vendors.kit.app import build_app, context_of
from vendors.kit.outbox import DeliveryWorker

from tests.vendors.receiver import Receiver

from .toy import SPEC

TOKEN = "ctl-token"
NONCE = "via-nonce"


def _sign(secret, ts, method, target, body=b""):
    canonical = f"{ts}\n{method}\n{target}\n{hashlib.sha256(body).hexdigest()}"
    return hmac.new(secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()


@pytest.fixture
def app():
    return build_app(SPEC, {"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False})


@pytest.fixture
def client(app):
    return app.test_client()


def call(client, app, method, target, body=None, headers=None, ts=None, sign=True):
    raw = json.dumps(body).encode() if body is not None else b""
    h = {"X-IB-Via": NONCE, "X-Key": "k1"}
    if sign:
        ts = str(int(context_of(app).now().timestamp())) if ts is None else str(ts)
        h.update({"X-Ts": ts, "X-Sig": _sign("s1", ts, method, target, raw)})
    h.update(headers or {})
    if raw:
        h["Content-Type"] = "application/json"
    return client.open(target, method=method, data=raw, headers=h)


def control(client, path, body=None, method="POST"):
    r = client.open(f"/_control/{path}", method=method, json=body, headers={"X-Control-Token": TOKEN})
    assert r.status_code in (200, 400, 404), r.get_data(as_text=True)
    return r


def test_signed_request_is_served_and_unsigned_refused(client, app):
    assert call(client, app, "GET", "/v1/widgets").status_code == 200
    r = call(client, app, "GET", "/v1/widgets", sign=False)
    assert r.status_code == 401 and r.json["error"]["code"] == "missing_signature"


def test_signature_window_is_judged_on_the_vendor_clock(client, app):
    control(client, "clock", {"advance_s": 420})
    host_ts = int(context_of(app).now().timestamp()) - 420
    r = call(client, app, "GET", "/v1/widgets", ts=host_ts)
    assert r.status_code == 401 and r.json["error"]["code"] == "signature_expired"
    # the Date header carries the vendor clock, so a client can calibrate from it
    from email.utils import parsedate_to_datetime
    vendor_now = parsedate_to_datetime(r.headers["Date"]).timestamp()
    assert abs(vendor_now - context_of(app).now().timestamp()) < 2
    assert call(client, app, "GET", "/v1/widgets", ts=int(vendor_now)).status_code == 200


def test_guard_refuses_and_logs_requests_without_the_nonce(client, app):
    r = client.get("/v1/widgets")
    assert r.status_code == 403 and r.json["error"]["code"] == "proxy_bypass"
    assert "TOY_BASE_URL" in r.json["error"]["message"]
    dump = control(client, "dump", method="GET").json
    assert dump["tables"]["bypass_log"]["rows"][0][1:3] == ["GET", "/v1/widgets"]
    assert call(client, app, "GET", "/v1/widgets").status_code == 200


def test_control_plane_is_404_without_the_token(client):
    assert client.post("/_control/reset", json={}).status_code == 404
    assert client.get("/_control/dump", headers={"X-Control-Token": "wrong"}).status_code == 404
    assert control(client, "health", method="GET").status_code == 200


def test_reset_is_deterministic_and_dataset_checked(client):
    a = control(client, "reset", {"dataset": "small", "seed": 3}).json
    d1 = control(client, "dump", method="GET").json["tables"]
    control(client, "reset", {"dataset": "other", "seed": 4})
    control(client, "reset", {"dataset": "small", "seed": 3})
    d2 = control(client, "dump", method="GET").json["tables"]
    assert d1 == d2 and a["tables"]["widgets"] == 23
    r = control(client, "reset", {"dataset": "nope"})
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_dataset"


def test_mutate_changes_what_the_api_returns(client, app):
    control(client, "mutate", {"ops": [{"op": "update", "table": "widgets", "id": 1, "values": {"name": "renamed"}},
                                       {"op": "delete", "table": "widgets", "ids": [2, 3]}]})
    body = call(client, app, "GET", "/v1/widgets").json
    assert body["total"] == 21 and body["data"][0] == {"id": 1, "name": "renamed"}
    bad = control(client, "mutate", {"ops": [{"op": "update", "table": "nope", "id": 1}]})
    assert bad.status_code == 400 and "unknown table" in bad.json["error"]["message"]


def test_mutate_where_compares_a_column(client, app):
    """A step chooses records by what makes them the ones it means (`where` comparisons)."""
    control(client, "mutate", {"ops": [
        {"op": "update", "table": "widgets", "where": {"id": {"gte": 2, "lt": 4}}, "values": {"name": "mid"}},
        {"op": "delete", "table": "widgets", "where": {"id": {"gt": 20}}},
        {"op": "update", "table": "widgets", "where": {"name": {"ne": "mid"}}, "order_by": "id",
         "offset": 1, "limit": 1, "values": {"name": "fourth"}}]})
    rows = {w["id"]: w["name"] for w in call(client, app, "GET", "/v1/widgets?limit=10").json["data"]}
    assert rows[2] == rows[3] == "mid" and rows[4] == "fourth" and rows[1] != "mid"
    assert call(client, app, "GET", "/v1/widgets").json["total"] == 20
    bad = control(client, "mutate", {"ops": [{"op": "delete", "table": "widgets", "where": {"id": {"about": 3}}}]})
    assert bad.status_code == 400 and "unknown comparison 'about'" in bad.json["error"]["message"]
    assert call(client, app, "GET", "/v1/widgets").json["total"] == 20


def test_offset_pagination_validates_and_totals(client, app):
    body = call(client, app, "GET", "/v1/widgets?offset=20&limit=5").json
    assert [w["id"] for w in body["data"]] == [21, 22, 23] and body["total"] == 23
    r = call(client, app, "GET", "/v1/widgets?limit=abc")
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid_parameter"
    assert call(client, app, "GET", "/v1/widgets?limit=11").status_code == 400


def test_cursor_walk_ends_without_a_cursor_key(client, app):
    seen, target = [], "/v1/widgets-cursor"
    while True:
        body = call(client, app, "GET", target).json
        seen += [w["id"] for w in body["items"]]
        if "cursor" not in body:
            break
        target = f"/v1/widgets-cursor?cursor={body['cursor']}"
    assert seen == list(range(1, 24))
    assert call(client, app, "GET", "/v1/widgets-cursor?cursor=%%%").status_code == 400


def test_idempotency_replays_and_refuses_a_changed_body(client, app):
    first = call(client, app, "POST", "/v1/widgets", {"name": "a"}, {"Idempotency-Key": "k-1"})
    again = call(client, app, "POST", "/v1/widgets", {"name": "a"}, {"Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 201
    assert first.json == again.json
    assert first.headers["Idempotent-Replayed"] == "false" and again.headers["Idempotent-Replayed"] == "true"
    other = call(client, app, "POST", "/v1/widgets", {"name": "b"}, {"Idempotency-Key": "k-1"})
    assert other.status_code == 422 and other.json["error"]["code"] == "idempotency_key_reused"
    assert call(client, app, "GET", "/v1/widgets").json["total"] == 24


def test_bad_input_gets_the_envelope_not_a_500(client, app):
    r = call(client, app, "POST", "/v1/widgets", {"nom": 1})
    assert r.status_code == 400 and r.json["error"]["code"] == "invalid_body"
    r = call(client, app, "DELETE", "/v1/widgets")
    assert r.status_code == 405 and r.json["error"]["code"] == "method_not_allowed"
    r = call(client, app, "GET", "/v1/nothing")
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"


def test_scheduled_mutation_fires_after_the_nth_request(client, app):
    control(client, "config", {"settings": {"scheduled_mutations": [
        {"after_requests": 2, "ops": [{"op": "delete", "table": "widgets", "id": 1}]}]}})
    assert call(client, app, "GET", "/v1/widgets").json["total"] == 23
    assert call(client, app, "GET", "/v1/widgets").json["total"] == 23
    assert call(client, app, "GET", "/v1/widgets").json["total"] == 22
    log = control(client, "dump", method="GET").json["tables"]["control_log"]["rows"]
    assert len(log) == 1 and log[0][2] == 2


def test_on_trigger_fires_before_the_matching_request(client, app):
    control(client, "config", {"settings": {"scheduled_mutations": [
        {"on": {"method": "POST", "path": "/v1/widgets"}, "nth": 1,
         "ops": [{"op": "update", "table": "widgets", "id": 1, "values": {"name": "edited-by-other"}}]}]}})
    assert call(client, app, "GET", "/v1/widgets").json["data"][0]["name"] != "edited-by-other"
    call(client, app, "POST", "/v1/widgets", {"name": "x"})
    assert call(client, app, "GET", "/v1/widgets").json["data"][0]["name"] == "edited-by-other"


def test_unknown_setting_is_refused(client):
    r = control(client, "config", {"settings": {"frobnicate": 1}})
    assert r.status_code == 400 and r.json["error"]["code"] == "unknown_setting"


def test_search_lag_hides_fresh_writes(client, app):
    control(client, "clock", {"advance_s": 60})  # seeded rows are a minute old
    control(client, "config", {"settings": {"search_lag_s": 5}})
    call(client, app, "POST", "/v1/widgets", {"name": "fresh"})
    assert call(client, app, "GET", "/v1/widgets").json["total"] == 23
    control(client, "clock", {"advance_s": 6})
    assert call(client, app, "GET", "/v1/widgets").json["total"] == 24


def test_clock_freeze_resume_set(client, app):
    st = control(client, "clock", {"set": "2026-05-01T00:00:00Z", "freeze": True}).json
    assert st["now"].startswith("2026-05-01T00:00:00") and st["frozen"]
    time.sleep(0.05)
    assert control(client, "clock", {"advance_s": 0}).json["now"].startswith("2026-05-01T00:00:00")
    assert not control(client, "clock", {"resume": True}).json["frozen"]
    assert control(client, "clock", {"set": "not a date"}).status_code == 400
    st = control(client, "clock", {"host_offset_s": -180}).json
    assert -181 < st["host_offset_s"] < -179


def _verify_stripe(header, body, secret, tolerance, now):
    parts = [p.split("=", 1) for p in header.split(",")]
    t = next(v for k, v in parts if k == "t")
    if abs(now - int(t)) > tolerance:
        return False
    want = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return any(k == "v1" and hmac.compare_digest(v, want) for k, v in parts)


def test_outbox_signs_delivers_retries_and_drops(client, app):
    rx = Receiver(status=500)
    try:
        control(client, "mutate", {"ops": [{"op": "create", "table": "webhook_subscriptions",
                                            "values": {"id": "sub1", "url": rx.url, "secret": "w1",
                                                       "events": ["widget.*"], "active": True,
                                                       "created_at": "$now"}}]})
        control(client, "config", {"settings": {"drop_deliveries": {"nth": [2]}}})
        control(client, "emit", {"events": [{"type": "widget.updated", "id": 1}, {"type": "widget.updated", "id": 2}]})
        worker = DeliveryWorker(context_of(app))
        assert worker.run_once() == 1  # the second is dropped
        headers, body = rx.got[0]
        now = int(context_of(app).now().timestamp())
        assert _verify_stripe(headers["Toy-Signature"], body, "w1", 300, now)
        assert not _verify_stripe(headers["Toy-Signature"], body.replace(b"widget", b"wodget"), "w1", 300, now)
        assert not _verify_stripe(headers["Toy-Signature"], body, "w1", 300, now + 301)
        rx.status[0] = 200
        assert worker.run_once() == 0  # retry not due yet (schedule: 1 s)
        control(client, "clock", {"advance_s": 2})
        assert worker.run_once() == 1 and rx.got[1][1] == body
        ob = control(client, "outbox", method="GET").json
        assert [d["status"] for d in ob["deliveries"]] == ["delivered", "dropped"] and ob["pending"] == 0
    finally:
        rx.close()


def test_rotation_signs_with_both_secrets(client, app):
    rx = Receiver()
    try:
        control(client, "mutate", {"ops": [{"op": "create", "table": "webhook_subscriptions",
                                            "values": {"id": "sub1", "url": rx.url, "secret": "old",
                                                       "events": ["*"], "active": True, "created_at": "$now"}}]})
        control(client, "config", {"settings": {"rotate_webhook_secret": {"secret": "new", "overlap_s": 60}}})
        control(client, "emit", {"events": [{"type": "widget.updated", "id": 1}]})
        DeliveryWorker(context_of(app)).run_once()
        headers, body = rx.got[0]
        now = int(context_of(app).now().timestamp())
        assert _verify_stripe(headers["Toy-Signature"], body, "new", 300, now)
        assert _verify_stripe(headers["Toy-Signature"], body, "old", 300, now)
    finally:
        rx.close()


def test_unstorable_json_strings_are_a_400_not_a_500(client, app):
    raw = b'{"name": "\\ud800"}'
    ts = str(int(context_of(app).now().timestamp()))
    r = client.post("/v1/widgets", data=raw, headers={
        "X-IB-Via": NONCE, "X-Key": "k1", "X-Ts": ts, "X-Sig": _sign("s1", ts, "POST", "/v1/widgets", raw),
        "Content-Type": "application/json"})
    assert r.status_code == 400 and r.json["error"]["code"] in ("invalid_body", "bad_request")
