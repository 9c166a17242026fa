"""ClearCheck webhooks: Standard-Webhooks signatures checked by an independent verifier, the
signature mechanic with a real client (order → 202 pending → clock advance → complete →
signed `report.completed`), control `emit` out of order, and the drop setting."""
from __future__ import annotations

import time

from vendors.kit.outbox import DeliveryWorker

from .helpers import WEBHOOK_SECRET, verify_standard_webhook


def _hook(api, url, events=None):
    r = api.post("/v1/webhooks", {"url": url, **({"events": events} if events else {})})
    assert r.status_code == 201 and r.json["secret"].startswith("whsec_")
    return r.json


def _deliver(api):
    return DeliveryWorker(api.ctx).run_once()


def _order(api):
    cand = api.post("/v1/candidates", {"first_name": "Grace", "last_name": "Hopper", "email": "g@example.com"}).json
    r = api.post("/v1/checks", {"candidate_id": cand["id"], "package": "enhanced_childcare", "external_id": "APP-1"})
    assert r.status_code == 202 and r.json["status"] == "pending"
    return r.json


def test_order_clock_advance_complete_and_signed_report_completed(api, receiver):
    ep = _hook(api, receiver.url)
    ch = _order(api)
    assert api.get(f"/v1/checks/{ch['id']}").json["status"] == "pending"
    api.ok_control("clock", {"advance_s": 3600 * 60})  # past any turnaround
    assert _deliver(api) >= 3
    mine = [(h, b, e) for (h, b), e in zip(receiver.got, receiver.events())
            if ch["id"] in (e["data"]["id"], e["data"].get("check_id"))]
    assert [e["type"] for _, _, e in mine] == ["check.created", "check.in_progress", "check.completed",
                                               "report.completed"]
    headers, body, event = mine[-1]
    assert verify_standard_webhook(ep["secret"], headers, body)
    got = api.get(f"/v1/checks/{ch['id']}").json
    assert got["status"] == "complete" and event["data"]["check_id"] == ch["id"]
    assert event["data"]["id"] == got["report_id"] and event["data"]["result"] == got["result"]
    assert headers["webhook-id"].startswith("msg_") and headers["webhook-signature"].startswith("v1,")
    # event timestamps are the planned instants, in order
    stamps = [e["timestamp"] for e in receiver.events()]
    assert stamps[1:] == sorted(stamps[1:]) and mine[-1][2]["timestamp"] == got["completed_at"]


def test_signature_fails_when_body_id_or_timestamp_is_altered(api, receiver):
    ep = _hook(api, receiver.url)
    _order(api)
    _deliver(api)
    headers, body = receiver.got[0]
    h = {k.lower(): v for k, v in headers.items()}
    assert verify_standard_webhook(ep["secret"], h, body)
    assert not verify_standard_webhook(ep["secret"], h, body.replace(b"pending", b"complete"))
    assert not verify_standard_webhook(ep["secret"], {**h, "webhook-id": "msg_other"}, body)
    assert not verify_standard_webhook(ep["secret"], {**h, "webhook-timestamp": str(int(h["webhook-timestamp"]) + 1)},
                                       body)
    assert not verify_standard_webhook("whsec_" + "QUFBQQ==", h, body)
    assert int(h["webhook-timestamp"]) == int(api.ctx.now().timestamp())  # signed on the vendor clock


def test_the_scenario_subscription_signs_with_the_run_secret(api, receiver):
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "webhook_subscriptions",
                                       "values": {"url": receiver.url}}]})
    # seeded open checks complete within 6 h
    api.ok_control("clock", {"advance_s": 3600 * 7})
    _deliver(api)
    events = receiver.events()
    assert sum(e["type"] == "report.completed" for e in events) == 5
    assert all(verify_standard_webhook(WEBHOOK_SECRET, h, b) for h, b in receiver.got)


def test_event_filter_and_delete(api, receiver):
    ep = _hook(api, receiver.url, ["report.completed"])
    _order(api)
    api.ok_control("clock", {"advance_s": 3600 * 60})
    _deliver(api)
    assert [e["type"] for e in receiver.events()] == ["report.completed"] * 6
    assert api.delete(f"/v1/webhooks/{ep['id']}").json["active"] is False
    _order(api)
    api.ok_control("clock", {"advance_s": 3600 * 60})
    _deliver(api)
    assert len(receiver.got) == 6
    assert api.delete("/v1/webhooks/whep_nope").status_code == 404
    assert api.post("/v1/webhooks", {"url": "ftp://x"}).status_code == 400
    assert api.post("/v1/webhooks", {"url": "http://x.io/h", "events": ["check.exploded"]}).status_code == 400
    listed = api.get("/v1/webhooks").json["data"]
    assert [w["id"] for w in listed] == [ep["id"]] and "secret" not in listed[0]


def test_emit_sends_an_older_event_later(api, receiver):
    _hook(api, receiver.url)
    ch = _order(api)
    api.ok_control("clock", {"advance_s": 3600 * 60})
    _deliver(api)
    n = len(receiver.got)
    api.ok_control("emit", {"events": [{"type": "check.in_progress", "check_id": ch["id"]}]})
    _deliver(api)
    late = receiver.events()[n:]
    assert [e["type"] for e in late] == ["check.in_progress"]
    assert late[0]["data"]["status"] == "in_progress" and late[0]["data"]["result"] is None
    assert late[0]["timestamp"] < receiver.events()[n - 1]["timestamp"]  # older than the completion
    assert api.get(f"/v1/checks/{ch['id']}").json["status"] == "complete"  # the record is unchanged
    r = api.ok_control("emit", {"events": [{"type": "report.completed", "check_id": ch["id"]}]})
    assert r["results"][0]["deliveries"]
    assert api.control("emit", {"events": [{"type": "check.exploded", "check_id": ch["id"]}]}).status_code == 400
    assert api.control("emit", {"events": [{"type": "check.completed", "check_id": "chk_nope"}]}).status_code == 400


def test_drop_deliveries_setting_completes_silently(api, receiver):
    _hook(api, receiver.url)
    ch = _order(api)
    api.ok_control("config", {"settings": {"drop_deliveries": {"types": ["check.completed", "report.completed"]}}})
    api.ok_control("clock", {"advance_s": 3600 * 60})
    _deliver(api)
    assert "report.completed" not in [e["type"] for e in receiver.events()]
    assert api.get(f"/v1/checks/{ch['id']}").json["status"] == "complete"
    assert any(d["status"] == "dropped" for d in api.ok_control("outbox", method="GET")["deliveries"])


def test_served_app_delivers_with_the_real_worker(receiver):
    from .helpers import Api, make_app

    api = Api(make_app(DELIVERIES=True))
    try:
        ep = _hook(api, receiver.url)
        _order(api)
        deadline = time.time() + 5
        while not receiver.got and time.time() < deadline:
            time.sleep(0.05)
        assert receiver.got and verify_standard_webhook(ep["secret"], *receiver.got[0])
    finally:
        api.app.extensions["ib_outbox"].stop()
