"""Scoutly webhooks: the X-Hook-Secret activation handshake (echoed in time → active; not echoed
or too late → stays pending, nothing delivered), HMAC-SHA256 signatures over
`timestamp.body.event-id.event-name` verified by an independent implementation, two signatures
during a key rotation, and failures when the body or timestamp is altered."""
from __future__ import annotations

import hashlib
import hmac
import json

import httpx
import pytest

from .helpers import WEBHOOK_SECRET, Api, HookReceiver, make_app, wait_for


def independent_verify(headers, body: bytes, keys: list[str], now: int, tolerance: int = 300) -> bool:
    headers = httpx.Headers(dict(headers))  # case-insensitive, as on the wire
    ts = headers["Scoutly-Timestamp"]
    if abs(now - int(ts)) > tolerance:
        return False
    msg = b".".join([ts.encode(), body, headers["Scoutly-Event-Id"].encode(), headers["Scoutly-Event-Name"].encode()])
    given = [p.strip()[3:] for p in headers["Scoutly-Signature"].split(";") if p.strip().startswith("v1=")]
    return any(hmac.compare_digest(hmac.new(k.encode(), msg, hashlib.sha256).hexdigest(), g)
               for k in keys for g in given)


@pytest.fixture
def rx():
    r = HookReceiver("echo")
    yield r
    r.close()


def deliver(api: Api) -> int:
    return api.app.extensions["ib_outbox"].run_once()


def subscribe(api: Api, url: str, events=None) -> dict:
    r = api.post("/v1/subscriptions", {"callbackUrl": url, **({"events": events} if events else {})})
    assert r.status_code == 201 and r.json["status"] == "pending"
    return r.json


def status_of(api: Api, sid: str) -> dict:
    return api.get(f"/v1/subscriptions/{sid}").json


def test_handshake_echoed_activates_and_deliveries_follow(rx):
    api = Api(make_app())
    sub = subscribe(api, rx.url, ["application.status.updated"])
    assert wait_for(lambda: status_of(api, sub["id"])["status"] == "active")
    (h, body), = rx.handshakes()
    token = h["X-Hook-Secret"]
    keys = api.get(f"/v1/subscriptions/{sub['id']}/secret-keys").json["content"]
    secret = keys[0]["secret"]
    assert [k["secret"] for k in keys] == [WEBHOOK_SECRET]  # the run's credential is the first key
    assert token.startswith("hs_") and token != secret  # the handshake token is no credential
    assert json.loads(body)["subscriptionId"] == sub["id"]
    assert api.rows("subscriptions")[0]["status"] == "active"

    app_ = api.get("/v1/applications?status=OFFERED&limit=1").json["content"][0]
    api.post(f"/v1/applications/{app_['id']}", {"status": "HIRED"})
    api.post(f"/v1/candidates/{app_['candidateId']}", {"firstName": "Zed"})  # not subscribed
    assert deliver(api) == 1
    (h, body), = rx.deliveries()
    event = json.loads(body)
    assert event["event"] == "application.status.updated" and h["Scoutly-Event-Name"] == event["event"]
    assert event["data"] == {"applicationId": app_["id"], "candidateId": app_["candidateId"], "jobId": app_["jobId"]}
    assert h["Scoutly-Event-Id"] == event["id"] and h["Scoutly-Signature"].count("v1=") == 1
    now = int(api.ctx.now().timestamp())
    assert independent_verify(h, body, [secret], now)
    assert not independent_verify(h, body, [token], now)  # the handshake token signs nothing
    assert not independent_verify(h, body, ["sk_someone_else"], now)


def test_handshake_not_echoed_stays_pending_and_nothing_is_delivered():
    rx = HookReceiver("silent")
    try:
        api = Api(make_app())
        sub = subscribe(api, rx.url)
        got = wait_for(lambda: status_of(api, sub["id"])["handshake"]["attempts"] == 1)
        assert got
        s = status_of(api, sub["id"])
        assert s["status"] == "pending" and "did not echo" in s["handshake"]["lastError"]
        assert len(rx.handshakes()) == 1
        app_ = api.get("/v1/applications?limit=1").json["content"][0]
        api.post(f"/v1/applications/{app_['id']}", {"status": "REJECTED"})
        assert deliver(api) == 0 and rx.deliveries() == []
        assert api.ok_control("outbox", method="GET")["deliveries"] == []
        # fixed receiver + activation call → active
        rx.cfg["mode"] = "echo"
        assert api.post(f"/v1/subscriptions/{sub['id']}/activation").status_code == 202
        assert wait_for(lambda: status_of(api, sub["id"])["status"] == "active")
        assert status_of(api, sub["id"])["handshake"]["attempts"] == 2
    finally:
        rx.close()


def test_handshake_answered_too_late_stays_pending():
    rx = HookReceiver("late", delay_s=0.6)
    try:
        api = Api(make_app())
        api.config(handshake_deadline_s=0.3)
        sub = subscribe(api, rx.url)
        assert wait_for(lambda: status_of(api, sub["id"])["handshake"]["attempts"] == 1)
        s = status_of(api, sub["id"])
        assert s["status"] == "pending" and "within 0.3 s" in s["handshake"]["lastError"]
    finally:
        rx.close()


def test_wrong_echo_and_unreachable_callback_stay_pending():
    api = Api(make_app())
    sub = subscribe(api, "http://127.0.0.1:9/nothing-listens")
    assert wait_for(lambda: status_of(api, sub["id"])["handshake"]["attempts"] == 1)
    assert status_of(api, sub["id"])["status"] == "pending"


def test_rotation_sends_two_signatures_then_only_the_new_one(rx):
    api = Api(make_app())
    sub = subscribe(api, rx.url)
    assert wait_for(lambda: status_of(api, sub["id"])["status"] == "active")
    old = api.get(f"/v1/subscriptions/{sub['id']}/secret-keys").json["content"][0]["secret"]
    keys = api.post(f"/v1/subscriptions/{sub['id']}/secret-keys", {"overlapSeconds": 120}).json["content"]
    new = keys[0]["secret"]
    assert keys[1] == {"keyId": keys[1]["keyId"], "secret": old, "status": "previous",
                       "expiresOn": keys[1]["expiresOn"]}
    job = api.get("/v1/jobs?limit=1").json["content"][0]
    api.post(f"/v1/jobs/{job['id']}", {"title": "Night Porter"})
    deliver(api)
    h, body = rx.deliveries()[-1]
    assert h["Scoutly-Signature"].count("v1=") == 2 and ";" in h["Scoutly-Signature"]
    now = int(api.ctx.now().timestamp())
    assert independent_verify(h, body, [old], now) and independent_verify(h, body, [new], now)
    # each signature on its own
    sigs = h["Scoutly-Signature"].split(";")
    for sig, key in zip(sigs, (new, old)):
        assert independent_verify({**dict(h.items()), "scoutly-signature": sig}, body, [key], now)

    api.ok_control("clock", {"advance_s": 121})  # overlap over: the old key is revoked
    keys = api.get(f"/v1/subscriptions/{sub['id']}/secret-keys").json["content"]
    assert [k["status"] for k in keys] == ["current"]
    api.post(f"/v1/jobs/{job['id']}", {"title": "Concierge"})
    deliver(api)
    h, body = rx.deliveries()[-1]
    now = int(api.ctx.now().timestamp())
    assert h["Scoutly-Signature"].count("v1=") == 1
    assert independent_verify(h, body, [new], now) and not independent_verify(h, body, [old], now)


def test_altered_body_timestamp_or_event_name_fail_verification(rx):
    api = Api(make_app())
    sub = subscribe(api, rx.url)
    assert wait_for(lambda: status_of(api, sub["id"])["status"] == "active")
    secret = api.get(f"/v1/subscriptions/{sub['id']}/secret-keys").json["content"][0]["secret"]
    cand = api.get("/v1/candidates?limit=1").json["content"][0]
    api.post(f"/v1/candidates/{cand['id']}", {"lastName": "Changed"})
    deliver(api)
    h, body = rx.deliveries()[-1]
    now = int(api.ctx.now().timestamp())
    assert independent_verify(h, body, [secret], now)
    assert not independent_verify(h, body.replace(b"candidate", b"kandidate", 1), [secret], now)
    hd = dict(h.items())
    assert not independent_verify({**hd, "scoutly-timestamp": str(int(hd["scoutly-timestamp"]) + 1)}, body, [secret], now)
    assert not independent_verify({**hd, "scoutly-event-name": "candidate.created"}, body, [secret], now)
    assert not independent_verify(h, body, [secret], now + 301)  # stale


def test_kit_scheme_and_control_plane_rotation_agree(rx):
    """The kit's rotate_webhook_secret and the custom rotate_keys op both give two signatures."""
    from vendors.kit.hook_secret_signing import HookSecret

    api = Api(make_app())
    api.ok_control("mutate", {"ops": [{"op": "create", "table": "subscriptions",
                                       "values": {"callback_url": rx.url}}]})
    sub = api.get("/v1/subscriptions").json["content"][0]
    assert sub["status"] == "active"  # scenario-registered subscriptions are active, run secret
    api.ok_control("mutate", {"ops": [{"op": "rotate_keys", "secret": "sk_new_1", "overlap_s": 60}]})
    api.ok_control("emit", {"events": [{"type": "candidate.updated",
                                        "id": api.get("/v1/candidates?limit=1").json["content"][0]["id"]}]})
    deliver(api)
    h, body = rx.deliveries()[-1]
    now = int(api.ctx.now().timestamp())
    assert independent_verify(h, body, ["sk_new_1"], now) and independent_verify(h, body, [WEBHOOK_SECRET], now)
    assert HookSecret().verify(dict(h.items()), body, WEBHOOK_SECRET, now, 300)


def test_served_end_to_end_with_the_delivery_thread():
    """A real client against the served vendor, with the outbox thread running: subscribe,
    handshake, change a status, receive a delivery that verifies with the listed signing key."""
    from vendors.kit.serve import serve_in_thread

    from .helpers import KEY, NONCE

    rx = HookReceiver("echo")
    v = serve_in_thread("scoutly", make_app(DELIVERIES=True))
    try:
        with httpx.Client(base_url=v.base_url, headers={"X-SmartToken": KEY, "X-IB-Via": NONCE},
                          trust_env=False, timeout=10) as c:
            sub = c.post("/v1/subscriptions", json={"callbackUrl": rx.url}).json()
            assert wait_for(lambda: c.get(f"/v1/subscriptions/{sub['id']}").json()["status"] == "active")
            keys = [k["secret"] for k in c.get(f"/v1/subscriptions/{sub['id']}/secret-keys").json()["content"]]
            app_ = c.get("/v1/applications", params={"status": "OFFERED", "limit": 1}).json()["content"][0]
            assert c.post(f"/v1/applications/{app_['id']}", json={"status": "HIRED"}).status_code == 200
            assert wait_for(lambda: rx.deliveries())
        h, body = rx.deliveries()[0]
        assert json.loads(body)["data"]["applicationId"] == app_["id"]
        assert independent_verify(h, body, keys, int(h["Scoutly-Timestamp"]))
    finally:
        v.stop()
        rx.close()
