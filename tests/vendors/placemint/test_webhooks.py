"""Webhook endpoints and deliveries: Stripe-style signatures checked with an independent
implementation (hashlib/hmac), the secret shown once, rotation with two `v1`, event payloads
from both write paths, the control plane's `emit`, retries and drops."""
from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from vendors.kit.outbox import DeliveryWorker

from .helpers import WEBHOOK_SECRET, Api, Receiver, make_app


def parse_sig(header: str) -> tuple[int, list[str]]:
    items = [part.split("=", 1) for part in header.split(",")]
    return int(next(v for k, v in items if k == "t")), [v for k, v in items if k == "v1"]


def verify(header: str, body: bytes, secret: str, now: int, tolerance: int = 300) -> bool:
    t, sigs = parse_sig(header)
    if abs(now - t) > tolerance:
        return False
    want = hmac.new(secret.encode(), str(t).encode() + b"." + body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(want, s) for s in sigs)


def deliver(api: Api) -> int:
    return DeliveryWorker(api.ctx).run_once()


def now_s(api: Api) -> int:
    return int(api.ctx.now().timestamp())


@pytest.fixture
def hooked(api, receiver):
    """An endpoint created through the public API, with the secret it showed once."""
    ep = api.post("/v1/webhook_endpoints", {"url": receiver.url, "events": ["*"]}).json
    return api, receiver, ep


def _active(api: Api) -> dict:
    return api.get("/v1/placements?status=active&limit=1").json["data"][0]


def test_signature_verifies_independently_and_fails_when_tampered(hooked):
    api, rx, ep = hooked
    p = _active(api)
    api.patch(f"/v1/placements/{p['id']}", {"rate_cents": p["rate_cents"] + 100})
    assert deliver(api) == 1
    headers, body = rx.got[0]
    now = now_s(api)
    sig = headers["placemint-signature"]
    assert sig.startswith("t=") and len(parse_sig(sig)[1]) == 1
    assert verify(sig, body, ep["secret"], now)
    event = json.loads(body)
    assert headers["placemint-event-id"] == event["id"] and event["id"].startswith("evt_")
    assert event["object"] == "event" and event["type"] == "placement.updated"
    assert isinstance(event["created"], int) and event["data"]["object"]["id"] == p["id"]
    assert event["data"]["object"]["version"] == p["version"] + 1
    assert event["data"]["previous_attributes"] == {"rate_cents": p["rate_cents"]}
    # tampered body, altered timestamp, stale timestamp, wrong secret: all fail
    assert not verify(sig, body.replace(b'"rate_cents":', b'"rate_cents":1'), ep["secret"], now)
    t, sigs = parse_sig(sig)
    assert not verify(f"t={t + 1},v1={sigs[0]}", body, ep["secret"], now)
    assert not verify(sig, body, ep["secret"], now + 301)
    assert verify(sig, body, ep["secret"], now + 299)
    assert not verify(sig, body, WEBHOOK_SECRET, now)


def test_the_secret_is_shown_once(hooked):
    api, rx, ep = hooked
    assert ep["secret"].startswith("whsec_") and len(ep["secret"]) > 30
    got = api.get(f"/v1/webhook_endpoints/{ep['id']}").json
    listed = api.get("/v1/webhook_endpoints").json["data"]
    assert "secret" not in got and all("secret" not in e for e in listed)
    assert ep["secret"] not in json.dumps(got) + json.dumps(listed)
    replay = api.post("/v1/webhook_endpoints", {"url": rx.url, "events": ["*"]}, headers={"Idempotency-Key": "we-1"})
    again = api.post("/v1/webhook_endpoints", {"url": rx.url, "events": ["*"]}, headers={"Idempotency-Key": "we-1"})
    assert again.headers["Idempotent-Replayed"] == "true" and again.json["secret"] == replay.json["secret"]


def test_every_event_type_from_the_api(hooked):
    api, rx, ep = hooked
    created = api.post("/v1/placements", {"candidate_email": "a@example.com", "candidate_name": "A B",
                                          "client_code": "CBL-AUR", "start_date": "2026-03-09",
                                          "rate_cents": 2500}).json
    api.patch(f"/v1/placements/{created['id']}", {"job_title": "Deckhand"})
    api.patch(f"/v1/placements/{created['id']}", {"status": "canceled"})
    fee = api.post("/v1/fees", {"placement_id": created["id"], "week": "2026-W11", "amount_cents": 1000}).json
    api.post(f"/v1/fees/{fee['id']}/splits", {"partner_id": "HOUSE", "amount_cents": 1000})
    api.post(f"/v1/fees/{fee['id']}/void")
    api.patch(f"/v1/placements/{created['id']}", {"job_title": "Deckhand"})  # no change: no event
    assert deliver(api) == 6
    events = rx.events()
    assert [e["type"] for e in events] == ["placement.created", "placement.updated", "placement.canceled",
                                           "fee.created", "fee.updated", "fee.voided"]
    assert [e["data"]["object"]["version"] for e in events] == [1, 2, 3, 1, 2, 3]
    assert events[2]["data"]["previous_attributes"] == {"status": "active"}
    assert events[4]["data"]["object"]["split_total_cents"] == 1000
    assert events[5]["data"]["object"]["status"] == "void"
    assert len({e["id"] for e in events}) == 6
    now = now_s(api)
    assert all(verify(h["placemint-signature"], b, ep["secret"], now) for h, b in rx.got)


def test_endpoint_event_filter_and_no_replay_of_the_past(api, receiver):
    p = _active(api)
    api.patch(f"/v1/placements/{p['id']}", {"job_title": "Before the endpoint"})
    api.post("/v1/webhook_endpoints", {"url": receiver.url, "events": ["fee.created"]})
    assert deliver(api) == 0  # nothing from before the endpoint existed
    api.patch(f"/v1/placements/{p['id']}", {"job_title": "Not subscribed"})
    api.post("/v1/fees", {"placement_id": p["id"], "week": "2026-W12", "amount_cents": 5})
    assert deliver(api) == 1 and receiver.events()[0]["type"] == "fee.created"
    r = api.post("/v1/webhook_endpoints", {"url": receiver.url, "events": ["fee.paid"]})
    assert r.status_code == 400 and r.json["error"]["code"] == "event_type_unknown"
    for bad in ({"url": "ftp://x", "events": ["*"]}, {"url": "not a url", "events": ["*"]},
                {"url": receiver.url, "events": []}, {"url": receiver.url}):
        assert api.post("/v1/webhook_endpoints", bad).status_code == 400, bad


def test_delete_disables_the_endpoint(hooked):
    api, rx, ep = hooked
    gone = api.delete(f"/v1/webhook_endpoints/{ep['id']}")
    assert gone.status_code == 200 and gone.json["status"] == "disabled"
    assert api.delete(f"/v1/webhook_endpoints/{ep['id']}").status_code == 200
    p = _active(api)
    api.patch(f"/v1/placements/{p['id']}", {"job_title": "Nobody hears this"})
    assert deliver(api) == 0 and rx.got == []
    assert api.get(f"/v1/webhook_endpoints/{ep['id']}").json["status"] == "disabled"
    r = api.post(f"/v1/webhook_endpoints/{ep['id']}/roll_secret")
    assert r.status_code == 409 and r.json["error"]["code"] == "endpoint_disabled"
    assert api.delete("/v1/webhook_endpoints/we_nope").status_code == 404


def test_roll_secret_signs_with_both_during_the_overlap(hooked):
    api, rx, ep = hooked
    rolled = api.post(f"/v1/webhook_endpoints/{ep['id']}/roll_secret", {"expires_in_s": 120}).json
    new = rolled["secret"]
    assert new != ep["secret"] and rolled["previous_secret_expires_at"]
    assert "secret" not in api.get(f"/v1/webhook_endpoints/{ep['id']}").json
    p = _active(api)
    api.patch(f"/v1/placements/{p['id']}", {"job_title": "During the overlap"})
    deliver(api)
    headers, body = rx.got[-1]
    sig = headers["placemint-signature"]
    assert len(parse_sig(sig)[1]) == 2
    now = now_s(api)
    assert verify(sig, body, new, now) and verify(sig, body, ep["secret"], now)
    # after the overlap: only the new secret signs
    api.ok_control("clock", {"advance_s": 121})
    api.patch(f"/v1/placements/{p['id']}", {"job_title": "After the overlap"})
    deliver(api)
    headers, body = rx.got[-1]
    sig = headers["placemint-signature"]
    now = now_s(api)
    assert len(parse_sig(sig)[1]) == 1 and verify(sig, body, new, now) and not verify(sig, body, ep["secret"], now)
    # expires_in_s 0: the old secret stops at once
    newer = api.post(f"/v1/webhook_endpoints/{ep['id']}/roll_secret", {"expires_in_s": 0}).json
    assert newer["previous_secret_expires_at"] is None
    api.patch(f"/v1/placements/{p['id']}", {"job_title": "Third secret"})
    deliver(api)
    headers, body = rx.got[-1]
    assert len(parse_sig(headers["placemint-signature"])[1]) == 1
    assert verify(headers["placemint-signature"], body, newer["secret"], now_s(api))
    for bad in ({"expires_in_s": 86401}, {"expires_in_s": "60"}, {"overlap": 1}):
        assert api.post(f"/v1/webhook_endpoints/{ep['id']}/roll_secret", bad).status_code == 400


def test_failed_deliveries_are_retried_on_schedule_with_a_fresh_signature(hooked):
    api, rx, ep = hooked
    rx.status[0] = 500
    api.patch(f"/v1/placements/{_active(api)['id']}", {"job_title": "Retry me"})
    assert deliver(api) == 1
    rx.status[0] = 200
    api.ok_control("clock", {"advance_s": 5})
    assert deliver(api) == 0  # first retry after 10 s
    api.ok_control("clock", {"advance_s": 6})
    assert deliver(api) == 1
    (h1, b1), (h2, b2) = rx.got
    assert b1 == b2 and parse_sig(h1["placemint-signature"])[0] < parse_sig(h2["placemint-signature"])[0]
    assert verify(h2["placemint-signature"], b2, ep["secret"], now_s(api))
    outbox = api.ok_control("outbox", method="GET")
    assert [d["status"] for d in outbox["deliveries"]] == ["delivered"] and outbox["deliveries"][0]["attempts"] == 2


def test_drop_deliveries_setting(hooked):
    api, rx, ep = hooked
    api.ok_control("config", {"settings": {"drop_deliveries": {"types": ["fee.*"]}}})
    p = _active(api)
    api.post("/v1/fees", {"placement_id": p["id"], "week": "2026-W12", "amount_cents": 5})  # dropped
    api.patch(f"/v1/placements/{p['id']}", {"job_title": "Delivered"})  # not dropped
    assert deliver(api) == 1 and [e["type"] for e in rx.events()] == ["placement.updated"]
    statuses = [d["status"] for d in api.ok_control("outbox", method="GET")["deliveries"]]
    assert sorted(statuses) == ["delivered", "dropped"]


# --- control plane: scenario-registered endpoints, mutate and emit ------------------------

def _subscribe(api: Api, url: str, **values) -> str:
    res = api.ok_control("mutate", {"ops": [{"op": "create", "table": "webhook_subscriptions",
                                             "values": {"url": url, **values}}]})
    return res["results"][0]["ids"][0]


def test_scenario_subscription_uses_the_run_secret(api, receiver):
    sid = _subscribe(api, receiver.url)
    assert sid.startswith("we_")
    assert api.get(f"/v1/webhook_endpoints/{sid}").json["events"] == ["*"]
    p = _active(api)
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "placements", "id": p["id"],
                                       "values": {"status": "canceled"}}]})
    deliver(api)
    headers, body = receiver.got[0]
    event = json.loads(body)
    assert event["type"] == "placement.canceled" and event["data"]["object"]["version"] == p["version"] + 1
    assert verify(headers["placemint-signature"], body, WEBHOOK_SECRET, now_s(api))
    assert api.get(f"/v1/placements/{p['id']}").json["status"] == "canceled"


def test_control_mutations_have_the_api_effects(api, receiver):
    _subscribe(api, receiver.url)
    p = _active(api)
    res = api.ok_control("mutate", {"ops": [
        {"op": "create", "table": "fees", "values": {"placement_id": p["id"], "week": "2026-W12",
                                                     "amount_cents": 4242}}]})
    fid = res["results"][0]["ids"][0]
    fee = api.get(f"/v1/fees/{fid}").json
    assert fid.startswith("fee_") and fee["status"] == "invoiced" and fee["version"] == 1
    assert api.get("/v1/fees?limit=100").json["data"][-1]["id"] == fid  # newest last (creation order)
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "fee_splits",
                                       "values": {"fee_id": fid, "partner_id": "P-101", "amount_cents": 42}}]})
    api.ok_control("mutate", {"ops": [{"op": "update", "table": "fees", "id": fid, "values": {"status": "void"}}]})
    after = api.get(f"/v1/fees/{fid}").json
    assert after["split_total_cents"] == 42 and after["status"] == "void" and after["voided_at"] and after["version"] == 3
    deliver(api)
    assert [e["type"] for e in receiver.events()] == ["fee.created", "fee.updated", "fee.voided"]
    # the same integrity rules as the API
    r = api.control("mutate", {"ops": [{"op": "create", "table": "fee_splits",
                                        "values": {"fee_id": fid, "partner_id": "P-1", "amount_cents": 1}}]})
    assert r.status_code == 409
    for op in ({"op": "create", "table": "fees", "values": {"placement_id": "plc_nope", "week": "2026-W12",
                                                            "amount_cents": 1}},
               {"op": "create", "table": "placements", "values": {"candidate_email": "x@example.com"}},
               {"op": "update", "table": "placements", "id": p["id"], "values": {"start_date": "nope"}},
               {"op": "update", "table": "placements", "id": p["id"], "values": {"status": "cancelled"}},
               {"op": "create", "table": "nope", "values": {}}):
        assert api.control("mutate", {"ops": [op]}).status_code == 400, op


def _edited_twice(api, receiver) -> tuple[dict, dict]:
    """An active placement edited twice, its deliveries drained: (it, as it is now)."""
    _subscribe(api, receiver.url)
    p = _active(api)
    for _ in range(2):
        api.patch(f"/v1/placements/{p['id']}", {"rate_cents": api.get(f"/v1/placements/{p['id']}").json["rate_cents"] + 1})
    deliver(api)
    receiver.got.clear()
    return p, api.get(f"/v1/placements/{p['id']}").json


def test_emit_builds_events_from_the_current_record(api, receiver):
    p, current = _edited_twice(api, receiver)
    out = api.ok_control("emit", {"events": [
        {"type": "placement.updated", "id": p["id"]},
        {"type": "placement.updated", "id": p["id"], "object": {"version": current["version"] - 1,
                                                               "rate_cents": current["rate_cents"] - 1}},
        {"type": "fee.updated", "id": api.get("/v1/fees?limit=1").json["data"][0]["id"], "event_id": "evt_fixed0001"},
    ]})["results"]
    assert out[2]["event_id"] == "evt_fixed0001" and all(len(r["deliveries"]) == 1 for r in out)
    deliver(api)
    events = receiver.events()
    assert events[0]["data"]["object"] == current  # the full record as GET returns it
    assert events[1]["data"]["object"]["version"] == current["version"] - 1  # an out-of-order older state
    assert events[2]["id"] == "evt_fixed0001"
    now = now_s(api)
    assert all(verify(h["placemint-signature"], b, WEBHOOK_SECRET, now) for h, b in receiver.got)
    # resend an event: same id, same bytes, freshly signed
    api.ok_control("emit", {"events": [{"type": "placement.updated", "id": events[0]["id"]}]})
    deliver(api)
    assert receiver.got[-1][1] == receiver.got[0][1]
    for bad in ({"type": "candidate.updated", "id": p["id"]}, {"type": "placement.updated", "id": "plc_nope"},
                {"type": "placement.updated", "id": "evt_never"}, {"type": "placement.updated"},
                {"type": "placement.updated", "id": p["id"], "object": [1]}):
        assert api.control("emit", {"events": [bad]}).status_code == 400, bad


def test_an_emitted_field_behind_the_current_value_is_that_much_older(api, receiver):
    """`object: {version: {behind: 1}}`: the event carries the version before the record's current
    one, whichever record the step names (a variant's stand-in is at a version of its own); a
    plain value is sent as given."""
    p, current = _edited_twice(api, receiver)
    api.ok_control("emit", {"events": [
        {"type": "placement.updated", "id": p["id"], "object": {"version": {"behind": 1}}},
        {"type": "placement.updated", "id": p["id"], "object": {"version": {"behind": 2}, "rate_cents": 1}},
        {"type": "placement.updated", "id": p["id"], "object": {"version": 7}},
    ]})
    deliver(api)
    objs = [e["data"]["object"] for e in receiver.events()]
    assert [o["version"] for o in objs] == [current["version"] - 1, current["version"] - 2, 7]
    assert objs[1]["rate_cents"] == 1 and objs[0]["rate_cents"] == current["rate_cents"]
    for bad in ({"version": {"behind": 0}}, {"version": {"behind": "1"}}, {"version": {"behind": 1, "x": 2}},
                {"status": {"behind": 1}}):
        r = api.control("emit", {"events": [{"type": "placement.updated", "id": p["id"], "object": bad}]})
        assert r.status_code == 400 and "behind" in r.get_data(as_text=True), bad


def test_rotate_webhook_secret_setting_gives_two_signatures(api, receiver):
    _subscribe(api, receiver.url)
    api.ok_control("config", {"settings": {"rotate_webhook_secret": {"secret": "whsec_new_one", "overlap_s": 600}}})
    api.ok_control("emit", {"events": [{"type": "placement.updated", "id": _active(api)["id"]}]})
    deliver(api)
    headers, body = receiver.got[0]
    t, sigs = parse_sig(headers["placemint-signature"])
    assert len(sigs) == 2
    now = now_s(api)
    assert verify(headers["placemint-signature"], body, "whsec_new_one", now)
    assert verify(headers["placemint-signature"], body, WEBHOOK_SECRET, now)
    # the old secret alone is recognisable as the second signature (a receiver checking only the first v1 fails)
    first_only = f"t={t},v1={sigs[0]}"
    assert not verify(first_only, body, WEBHOOK_SECRET, now)


def test_endpoint_limit(api):
    for i in range(16):
        assert api.post("/v1/webhook_endpoints", {"url": f"https://example.com/{i}", "events": ["*"]}).status_code == 201
    r = api.post("/v1/webhook_endpoints", {"url": "https://example.com/17", "events": ["*"]})
    assert r.status_code == 409 and r.json["error"]["code"] == "endpoint_limit_reached"
    assert api.get("/v1/webhook_endpoints?limit=100").json["total"] == 16


def test_served_app_delivers_with_the_real_worker():
    """End to end: the delivery thread of a served app signs and sends on its own."""
    import time

    app = make_app(DELIVERIES=True)
    api = Api(app)
    rx = Receiver()
    try:
        ep = api.post("/v1/webhook_endpoints", {"url": rx.url, "events": ["placement.updated"]}).json
        api.patch(f"/v1/placements/{_active(api)['id']}", {"job_title": "Threaded"})
        deadline = time.time() + 5
        while not rx.got and time.time() < deadline:
            time.sleep(0.05)
        assert rx.got and verify(rx.got[0][0]["placemint-signature"], rx.got[0][1], ep["secret"], now_s(api))
    finally:
        app.extensions["ib_outbox"].stop()
        rx.close()
