"""Webhooks: `Signature: sha256 <hex>` verified with an independent implementation (hmac over
the raw bytes), `\\u`-escaped bodies, `HireHarbor-Event-ID`, both write paths, emit, retries."""
from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from vendors.kit.outbox import DeliveryWorker
from vendors.kit.signing import Sha256Space

from .helpers import WEBHOOK_SECRET, Api


def verify(header: str | None, body: bytes, secret: str) -> bool:
    if not header or not header.startswith("sha256 "):
        return False
    want = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(want, header[7:])


def deliver(api: Api) -> int:
    return DeliveryWorker(api.ctx).run_once()


@pytest.fixture
def hooked(api, receiver):
    hook = api.post("/v1/webhooks", {"url": receiver.url}).json
    return api, receiver, hook


def _non_ascii_application(api) -> dict:
    cands = {c["id"]: c for c in api.walk("/v1/candidates")}
    for a in api.walk("/v1/applications?status=active"):
        c = cands.get(a["candidate_id"])
        if c and not (c["first_name"] + c["last_name"]).isascii():
            return a
    raise AssertionError("small has no active application of a non-ASCII candidate")


def test_signature_verifies_independently_and_fails_when_tampered(hooked):
    api, rx, _ = hooked
    a = _non_ascii_application(api)
    stages = api.get(f"/v1/jobs/{a['job_id']}/stages").json
    to = next(s["id"] for s in stages if s["id"] != a["current_stage"]["id"])
    api.post(f"/v1/applications/{a['id']}/move", {"from_stage_id": a["current_stage"]["id"], "to_stage_id": to})
    assert deliver(api) == 1
    headers, body = rx.got[0]
    sig = headers["signature"]
    assert sig.startswith("sha256 ") and "=" not in sig
    assert verify(sig, body, WEBHOOK_SECRET)
    assert not verify(sig, body + b" ", WEBHOOK_SECRET)  # body altered
    assert not verify(sig, body.replace(b'"active"', b'"hired"'), WEBHOOK_SECRET)
    assert not verify(sig, body, "another-secret")
    assert not verify(sig.replace(" ", "="), body, WEBHOOK_SECRET)
    # the kit's reference verifier agrees (no timestamp in this scheme)
    assert Sha256Space().verify(dict(headers), body, WEBHOOK_SECRET, 0, None)
    # the body is ASCII with \u escapes; re-serialising it breaks the signature
    assert body.isascii() and b"\\u" in body
    event = json.loads(body)
    assert not verify(sig, json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode(), WEBHOOK_SECRET)
    assert event["action"] == "application.stage_changed" and headers["hireharbor-event"] == event["action"]
    assert headers["hireharbor-event-id"] == event["event_id"]
    assert event["payload"]["application"]["current_stage"]["id"] == to
    assert not (event["payload"]["candidate"]["first_name"] + event["payload"]["candidate"]["last_name"]).isascii()


def test_two_stage_changes_are_two_events_with_two_ids(hooked):
    api, rx, _ = hooked
    a = next(x for x in api.get("/v1/applications?status=active").json)
    stages = [s["id"] for s in api.get(f"/v1/jobs/{a['job_id']}/stages").json]
    cur = a["current_stage"]["id"]
    nxt = [s for s in stages if s != cur][:2]
    api.post(f"/v1/applications/{a['id']}/move", {"from_stage_id": cur, "to_stage_id": nxt[0]})
    api.post(f"/v1/applications/{a['id']}/move", {"from_stage_id": nxt[0], "to_stage_id": nxt[1]})
    assert deliver(api) == 2
    ids = [h["hireharbor-event-id"] for h, _ in rx.got]
    assert len(set(ids)) == 2
    assert [e["payload"]["application"]["current_stage"]["id"] for e in rx.events()] == nxt


def test_control_plane_changes_send_events_too_and_subscriptions_filter(api, receiver):
    api.post("/v1/webhooks", {"url": receiver.url, "events": ["candidate.merged", "application.hired"]})
    api.ok_control("mutate", {"ops": [{"op": "merge", "winner_id": 10, "loser_id": 11, "user_id": 4},
                                      {"op": "update", "table": "candidates", "id": 12, "values": {"title": "x"}}]})
    a = api.get("/v1/applications?status=active").json[0]
    api.ok_control("mutate", {"ops": [{"op": "hire", "application_id": a["id"]}]})
    deliver(api)
    assert [e["action"] for e in receiver.events()] == ["candidate.merged", "application.hired"]
    assert receiver.events()[0]["payload"]["merged_into"] == 10
    acts = api.rows("activity")
    assert any(x["action"] == "candidate.merged" and x["user_id"] == 4 for x in acts)
    assert any(x["action"] == "application.hired" and x["user_id"] is None for x in acts)


def test_emit_and_resend_keep_the_event_id_and_bytes(hooked):
    api, rx, _ = hooked
    res = api.ok_control("emit", {"events": [{"type": "application.stage_changed", "id": 1},
                                             {"type": "candidate.updated", "id": 3, "event_id": "fixed-1"}]})["results"]
    api.ok_control("emit", {"events": [{"type": "x", "resend": res[0]["event_id"]}]})
    assert deliver(api) == 3
    (h1, b1), (h2, _), (h3, b3) = rx.got
    assert h2["hireharbor-event-id"] == "fixed-1" and b1 == b3 and h1["hireharbor-event-id"] == h3["hireharbor-event-id"]
    assert all(verify(h["signature"], b, WEBHOOK_SECRET) for h, b in rx.got)
    assert api.control("emit", {"events": [{"type": "job.created", "id": 1}]}).status_code == 400


def test_failed_deliveries_are_retried_on_the_documented_schedule(api, receiver):
    receiver.status[0] = 500
    api.post("/v1/webhooks", {"url": receiver.url, "secret": "own-secret"})
    api.patch("/v1/candidates/3", {"title": "Retry me"})
    assert deliver(api) == 1 and deliver(api) == 0
    api.ok_control("clock", {"advance_s": 31})
    receiver.status[0] = 200
    assert deliver(api) == 1
    (h1, b1), (h2, b2) = receiver.got
    assert b1 == b2 and h1["hireharbor-event-id"] == h2["hireharbor-event-id"] and verify(h2["signature"], b2, "own-secret")
    d = api.ok_control("outbox", method="GET")["deliveries"][0]
    assert d["status"] == "delivered" and d["attempts"] == 2


def test_no_subscription_no_delivery(api):
    api.patch("/v1/candidates/3", {"title": "Quiet"})
    assert api.ok_control("outbox", method="GET")["deliveries"] == []


def test_film_crew_escapes_only_the_accented_names(api, receiver):
    """film-crew (fix-04): job names and every other field are plain ASCII, so a delivery only
    carries \\u escapes when its candidate's name has accents (candidates 1-6)."""
    api.reset("film-crew", 13)
    api.post("/v1/webhooks", {"url": receiver.url})
    for app_id in (1, 12):
        a = api.get(f"/v1/applications/{app_id}").json
        stages = [s["id"] for s in api.get(f"/v1/jobs/{a['job_id']}/stages").json]
        nxt = stages[stages.index(a["current_stage"]["id"]) + 1]
        api.post(f"/v1/applications/{app_id}/move", {"from_stage_id": a["current_stage"]["id"], "to_stage_id": nxt})
    assert deliver(api) == 2
    bodies = {json.loads(b)["payload"]["application"]["id"]: b for _, b in receiver.got}
    assert bodies[1].isascii() and b"Zo\\u00eb" in bodies[1] and b"\\u00c5ngstr\\u00f6m" in bodies[1]
    assert bodies[12].isascii() and b"\\u" not in bodies[12]
    for headers, body in receiver.got:
        assert verify(headers["signature"], body, WEBHOOK_SECRET)
