"""Webhooks: API and scenario subscriptions, id-only payloads from writes and from `emit`,
HMAC over `timestamp.body` verified independently (hashlib/hmac), the 300 s tolerance, and the
retry schedule of vendor.yaml."""
from __future__ import annotations

import hashlib
import hmac
import json

from vendors.kit.outbox import DeliveryWorker
from bundle.traits import load_traits

from .helpers import CREDS

SECRET = CREDS["webhook_secret"]
TRAITS = load_traits("talentforge")


def verify(headers: dict, body: bytes, secret: str, now: int, tolerance: int = 300) -> bool:
    """An independent verifier, as a customer would write it from the docs."""
    h = {k.lower(): v for k, v in headers.items()}
    ts = h.get("x-tf-timestamp", "")
    if not ts.isdigit() or abs(now - int(ts)) > tolerance:
        return False
    want = "sha256=" + hmac.new(secret.encode(), ts.encode() + b"." + body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(want, s.strip()) for s in h.get("x-tf-signature", "").split(","))


def test_api_subscription_gets_signed_id_only_events_from_writes(api, receiver):
    sub = api.post("/api/v2/webhooks", {"url": receiver.url, "events": ["application.updated"]})
    assert sub.status_code == 201 and sub.json["id"].startswith("wh_") and "secret" not in sub.json
    assert api.get("/api/v2/webhooks").json["items"] == [sub.json]
    app_id = api.rows("applications")[0]["id"]
    api.mutate({"op": "update", "table": "applications", "id": app_id, "values": {"stage": "interview"}})
    api.post("/api/v2/candidates", {"first_name": "Not", "last_name": "Subscribed"})  # candidate.created: filtered
    assert DeliveryWorker(api.ctx).run_once() == 1
    headers, body = receiver.got[0]
    payload = json.loads(body)
    assert payload["type"] == "application.updated" and payload["data"] == {"id": app_id}
    assert set(payload) == {"id", "type", "created_at", "data"} and payload["id"].startswith("evt_")
    assert headers["X-TF-Delivery"] == payload["id"] and headers["X-TF-Event"] == "application.updated"
    now = api.now_ts()
    assert verify(headers, body, SECRET, now)
    # altered body, altered timestamp, wrong secret, outside the tolerance: all fail
    assert not verify(headers, body.replace(app_id.encode(), b"app_000000000000"), SECRET, now)
    forged_ts = {**headers, "X-TF-Timestamp": str(int(headers["X-TF-Timestamp"]) - 1)}
    assert not verify(forged_ts, body, SECRET, now)
    assert not verify(headers, body, "other-secret", now)
    assert not verify(headers, body, SECRET, now + 301) and verify(headers, body, SECRET, now + 299)


def test_emit_queues_the_real_event_and_rejects_bad_specs(api, receiver):
    api.mutate({"op": "create", "table": "webhook_subscriptions",
                "values": {"id": "wh_scenario", "url": receiver.url, "secret": "scenario-secret", "events": ["*"]}})
    req_id = api.rows("requisitions")[0]["id"]
    out = api.control("emit", {"events": [{"type": "requisition.updated", "id": req_id}]})
    assert out["results"][0]["event_id"].startswith("evt_") and len(out["results"][0]["deliveries"]) == 1
    assert DeliveryWorker(api.ctx).run_once() == 1
    headers, body = receiver.got[0]
    assert json.loads(body)["data"] == {"id": req_id}
    assert verify(headers, body, "scenario-secret", api.now_ts())
    assert not verify(headers, body, SECRET, api.now_ts())
    bad = api.control("emit", {"events": [{"type": "requisition.deleted", "id": req_id}]}, expect=400)
    assert bad["error"]["code"] == "invalid_events"
    api.control("emit", {"events": [{"type": "application.updated", "id": req_id}]}, expect=400)


def test_retries_follow_the_documented_schedule(api, receiver):
    assert TRAITS.webhooks.retry_schedule_s == [5, 30, 120]
    api.control("clock", {"freeze": True})
    receiver.status[0] = 500
    api.post("/api/v2/webhooks", {"url": receiver.url})
    cand = api.post("/api/v2/candidates", {"first_name": "R", "last_name": "S"}).json["id"]
    worker = DeliveryWorker(api.ctx)
    assert worker.run_once() == 1
    for wait in (5, 30, 120):
        api.control("clock", {"advance_s": wait - 1})
        assert worker.run_once() == 0  # silent: not due yet
        api.control("clock", {"advance_s": 1})
        assert worker.run_once() == 1  # fired
    bodies = {b for _, b in receiver.got}
    assert len(receiver.got) == 4 and len(bodies) == 1 and json.loads(bodies.pop())["data"]["id"] == cand
    stamps = [int(h["X-TF-Timestamp"]) for h, _ in receiver.got]
    assert stamps == sorted(stamps) and len(set(stamps)) == 4  # re-signed on each attempt
    api.control("clock", {"advance_s": 1000})
    assert worker.run_once() == 0
    assert [d["status"] for d in api.control("outbox", method="GET")["deliveries"]] == ["failed"]


def test_deleted_subscription_and_dropped_deliveries_are_silent(api, receiver):
    sub = api.post("/api/v2/webhooks", {"url": receiver.url}).json["id"]
    assert api.call("DELETE", f"/api/v2/webhooks/{sub}").status_code == 204
    assert api.get(f"/api/v2/webhooks/{sub}").status_code == 404
    assert api.call("DELETE", f"/api/v2/webhooks/{sub}").status_code == 404
    api.post("/api/v2/candidates", {"first_name": "No", "last_name": "Hook"})
    assert DeliveryWorker(api.ctx).run_once() == 0 and receiver.got == []
    api.post("/api/v2/webhooks", {"url": receiver.url})
    api.control("config", {"settings": {"drop_deliveries": {"types": ["candidate.*"]}}})
    api.post("/api/v2/candidates", {"first_name": "Dropped", "last_name": "Hook"})
    app_id = api.rows("applications")[0]["id"]
    api.mutate({"op": "update", "table": "applications", "id": app_id, "values": {"status": "withdrawn"}})
    assert DeliveryWorker(api.ctx).run_once() == 1
    assert json.loads(receiver.got[0][1])["type"] == "application.updated"


def test_rotation_signs_with_both_secrets(api, receiver):
    api.post("/api/v2/webhooks", {"url": receiver.url})
    api.control("config", {"settings": {"rotate_webhook_secret": {"secret": "tf_whsec_new", "overlap_s": 60}}})
    api.post("/api/v2/candidates", {"first_name": "Rot", "last_name": "Ation"})
    DeliveryWorker(api.ctx).run_once()
    headers, body = receiver.got[0]
    assert headers["X-TF-Signature"].count("sha256=") == 2
    assert verify(headers, body, "tf_whsec_new", api.now_ts()) and verify(headers, body, SECRET, api.now_ts())


def test_webhook_validation(api):
    for bad in ({}, {"url": "ftp://x"}, {"url": "https://h.example/x", "events": ["nope"]},
                {"url": "https://h.example/x", "events": []}):
        r = api.post("/api/v2/webhooks", bad)
        assert r.status_code == 422 and r.json["error"]["code"] == "validation_failed", bad


def test_emit_with_values_applies_the_change_and_sends_one_event(api, receiver):
    api.post("/api/v2/webhooks", {"url": receiver.url})
    app_id = api.rows("applications")[0]["id"]
    out = api.control("emit", {"events": [{"type": "application.updated", "id": app_id,
                                           "values": {"stage": "hm_review", "status": "active"}}]})
    assert len(out["results"][0]["deliveries"]) == 1
    assert api.get(f"/api/v2/applications/{app_id}").json["stage"] == "hm_review"
    assert DeliveryWorker(api.ctx).run_once() == 1 and len(receiver.got) == 1
    assert json.loads(receiver.got[0][1])["id"] == out["results"][0]["event_id"]
    api.control("emit", {"events": [{"type": "application.created", "id": app_id, "values": {"stage": "x"}}]},
                expect=400)
    api.control("emit", {"events": [{"type": "application.updated", "id": app_id, "values": {"nope": 1}}]},
                expect=400)
