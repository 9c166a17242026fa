"""Webhooks: the signature lives inside the body and covers `token + triggeredAt` only.
Verified with an independent implementation (hashlib/hmac); altering token or triggeredAt
breaks it; editing the event data does NOT (the documented scheme)."""
from __future__ import annotations

import hashlib
import hmac
import json

from vendors.kit.outbox import DeliveryWorker

from .helpers import WEBHOOK_SECRET


def verify(body: bytes, secret: str, now_ms: int, tolerance_ms: int = 300_000) -> bool:
    p = json.loads(body)
    if abs(now_ms - p["triggeredAt"]) > tolerance_ms:
        return False
    want = hmac.new(secret.encode(), f"{p['token']}{p['triggeredAt']}".encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(want, p["signature"])


def _setup(api, receiver, events=("*",)):
    me = api.user_id()
    r = api.post(f"/v1/webhooks?perform_as={me}", {"url": receiver.url, "events": list(events)})
    assert r.status_code == 201
    return me


def _now_ms(api) -> int:
    return int(api.ctx.now().timestamp() * 1000)


def test_hire_event_signature_inside_body(api, receiver):
    me = _setup(api, receiver)
    o = api.get("/v1/opportunities?stage=offer&archived=false&limit=1").json["data"][0]
    assert api.put(f"/v1/opportunities/{o['id']}/stage?perform_as={me}", {"stage": "hired"}).status_code == 200
    assert DeliveryWorker(api.ctx).run_once() == 1
    headers, body = receiver.got[0]
    p = json.loads(body)
    assert list(p)[:3] == ["token", "triggeredAt", "signature"]
    assert p["event"] == "opportunityHired" and p["data"]["opportunityId"] == o["id"]
    assert p["data"]["fromStage"] == "offer" and p["data"]["toStage"] == "hired"
    assert isinstance(p["triggeredAt"], int) and abs(p["triggeredAt"] - _now_ms(api)) < 5000
    assert verify(body, WEBHOOK_SECRET, _now_ms(api))
    assert not verify(body, "wrong-secret", _now_ms(api))
    # altering the signed fields breaks it
    for field, value in (("token", p["token"][:-1] + "0"), ("triggeredAt", p["triggeredAt"] + 1)):
        if p[field] == value:
            continue
        assert not verify(json.dumps({**p, field: value}).encode(), WEBHOOK_SECRET, _now_ms(api)), field
    # stale triggeredAt fails the tolerance window
    assert not verify(body, WEBHOOK_SECRET, _now_ms(api) + 301_000)
    # editing the payload outside token/triggeredAt is NOT detected: the documented scheme
    forged = {**p, "data": {**p["data"], "opportunityId": "00000000-0000-4000-8000-000000000000"}}
    assert verify(json.dumps(forged).encode(), WEBHOOK_SECRET, _now_ms(api))


def test_kit_scheme_agrees_with_independent_verifier(api, receiver):
    from vendors.kit.webhook_schemes import scheme_for

    me = _setup(api, receiver)
    o = api.get("/v1/opportunities?archived=false&limit=1").json["data"][0]
    api.post(f"/v1/opportunities/{o['id']}/archive?perform_as={me}", {"reason": "withdrew"})
    DeliveryWorker(api.ctx).run_once()
    _, body = receiver.got[0]
    scheme = scheme_for(api.ctx.traits.webhooks)
    now_s = int(api.ctx.now().timestamp())
    assert scheme.verify({}, body, WEBHOOK_SECRET, now_s, 300)
    assert json.loads(body)["event"] == "opportunityArchived"
    resigned = scheme.sign(body, [WEBHOOK_SECRET], now_s - 1000, "ignored")
    assert json.loads(resigned.body)["token"] == json.loads(body)["token"]
    assert verify(resigned.body, WEBHOOK_SECRET, (now_s - 1000) * 1000)
    assert not scheme.verify({}, resigned.body, WEBHOOK_SECRET, now_s, 300)


def test_events_filter_control_emit_and_replay(api, receiver):
    _setup(api, receiver, events=("opportunityHired",))
    o = api.get("/v1/opportunities?archived=false&limit=1").json["data"][0]
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "opportunities", "id": o["id"],
                                       "values": {"archived_at": "$now", "archive_reason": "stale"}}]})
    assert DeliveryWorker(api.ctx).run_once() == 0  # not subscribed to opportunityArchived
    res = api.ok_control("emit", {"events": [{"type": "opportunityHired", "id": o["id"]}]})["results"][0]
    api.ok_control("emit", {"events": [{"type": "replay", "token": res["token"]}]})
    assert DeliveryWorker(api.ctx).run_once() == 2
    a, b = (json.loads(x) for _, x in receiver.got)
    assert a["token"] == b["token"] == res["token"] and a["data"] == b["data"]
    assert all(verify(x, WEBHOOK_SECRET, _now_ms(api)) for _, x in receiver.got)


def test_failed_delivery_is_retried(api, receiver):
    _setup(api, receiver)
    receiver.status[0] = 500
    o = api.get("/v1/opportunities?archived=false&limit=1").json["data"][0]
    me = api.user_id()
    api.post(f"/v1/opportunities/{o['id']}/notes?perform_as={me}", {"value": "n"})  # notes emit nothing
    api.put(f"/v1/opportunities/{o['id']}/stage?perform_as={me}", {"stage": "interview"})
    w = DeliveryWorker(api.ctx)
    assert w.run_once() == 1 and w.run_once() == 0
    api.ok_control("clock", {"advance_s": 31})
    receiver.status[0] = 200
    assert w.run_once() == 1
    assert api.ok_control("outbox", method="GET")["deliveries"][0]["status"] == "delivered"
