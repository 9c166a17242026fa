"""Each forgery kind sends what it says, checked on what the receiver got with the verify
functions of vendors.kit.signing; each is recorded as a forged exchange and a forgery event."""
from __future__ import annotations

import json
import time
import uuid

import httpx
import pytest

from recorder_testkit import SECRETS, read_events, traits_variant, wait_rows
from vendors.kit.webhook_schemes import scheme_for
from bundle.traits import VendorTraits, load_traits

TRAITS = {
    "placemint": load_traits("placemint"),
    "talentforge": load_traits("talentforge"),
    "clearcheck": VendorTraits.model_validate(traits_variant("clearcheck", "standard_webhooks")),
    "hireharbor": VendorTraits.model_validate(
        traits_variant("hireharbor", "sha256_space", signature_header="Signature", id_header="HireHarbor-Event-ID")),
}
EVENT_TYPE = {"placemint": "placement.created", "talentforge": "application.created",
              "clearcheck": "check.completed", "hireharbor": "check.updated"}


def scheme(vendor):
    return scheme_for(TRAITS[vendor].webhooks)


def deliver(rec, vendor, ts=None, secret=None, data=None):
    """A genuine delivery, signed as the vendor signs it, sent through the receiver listener."""
    hooks = TRAITS[vendor].webhooks
    event_id = f"evt_{uuid.uuid4().hex[:12]}"
    body = json.dumps({"id": event_id, "type": EVENT_TYPE[vendor],
                       "data": data or {"status": "active", "name": "Ada Lovelace", "amount_cents": 1200}}).encode()
    signed = scheme(vendor).sign(body, [secret or SECRETS[vendor]], ts or int(time.time()), event_id)
    headers = {"Content-Type": "application/json", **signed.headers}
    if hooks.id_header:
        headers[hooks.id_header] = event_id
    if hooks.event_header:
        headers[hooks.event_header] = EVENT_TYPE[vendor]
    before = len(rec.receiver_app.deliveries)
    r = httpx.post(f"{rec.receiver_url}/hooks/{vendor}", content=body, headers=headers)
    assert r.status_code == 200
    _wait_deliveries(rec, before + 1)
    row = wait_rows(rec.out_dir, lambda x: x["direction"] == "to_receiver" and event_id in (x["req_body"] or ""))[0]
    return {"event_id": event_id, "body": body, "headers": headers, "seq": row["seq"], "row": row}


def _wait_deliveries(rec, n, timeout=5):
    deadline = time.monotonic() + timeout
    while len(rec.receiver_app.deliveries) < n and time.monotonic() < deadline:
        time.sleep(0.01)
    return rec.receiver_app.deliveries


def forge(rec, spec, expect=1):
    before = len(rec.receiver_app.deliveries)
    results = rec.client().forge(spec)
    assert all("error" not in r for r in results), results
    got = _wait_deliveries(rec, before + expect)[before:before + expect]
    assert len(got) == expect
    return results, got


def verify(vendor, delivery, secret=None, tolerance="default"):
    tol = TRAITS[vendor].webhooks.tolerance_s if tolerance == "default" else tolerance
    return scheme(vendor).verify(delivery["headers"], delivery["body"], secret or SECRETS[vendor],
                                 int(time.time()), tol)


def forged_row(rec, kind, payload, count=1):
    rows = wait_rows(rec.out_dir, lambda r: r["forged"] == kind and r["req_body"] == payload, count)
    assert len(rows) == count
    for row in rows:
        assert row["direction"] == "to_receiver" and row["upstream_called"] and row["status"] == 200
        assert "x-ib-internal" not in row["req_headers"]
    return rows


def forgery_events(rec, kind):
    return [e for e in read_events(rec.out_dir) if e["type"] == "forgery" and e["kind"] == kind]


@pytest.fixture
def r(fresh):
    return fresh


def test_genuine_delivery_verifies(r):
    for vendor in TRAITS:
        g = deliver(r, vendor)
        got = r.receiver_app.deliveries[-1]
        assert got["body"] == g["body"] and verify(vendor, got)
        assert g["row"]["vendor"] == vendor and g["row"]["forged"] is None


def test_bad_signature(r):
    g = deliver(r, "placemint")
    (res,), (got,) = forge(r, {"kind": "bad_signature", "vendor": "placemint"})
    assert not verify("placemint", got)
    assert res["event_id"] != g["event_id"] and json.loads(got["body"])["id"] == res["event_id"]
    assert res["derived_from"] == g["seq"] and res["status"] == 200
    forged_row(r, "bad_signature", res["payload"])
    event = [e for e in forgery_events(r, "bad_signature") if e["event_id"] == res["event_id"]][0]
    assert event["payload"] == got["body"].decode() and event["derived_from"] == g["seq"] and event["status"] == 200
    assert event["source"] == "recorder" and event["headers"]["Placemint-Signature"]


def test_tampered_body(r):
    g = deliver(r, "talentforge")
    (res,), (got,) = forge(r, {"kind": "tampered_body", "vendor": "talentforge"})
    assert not verify("talentforge", got)
    body = json.loads(got["body"])
    (path, value), = res["edits"].items()
    assert path == "data.status" and body["data"]["status"] == value and value.startswith("forged-")
    assert body["data"]["name"] == "Ada Lovelace"
    # the signature was valid for the body before the edit
    before_edit = dict(body, data=dict(body["data"], status="active"))
    resigned = json.dumps(before_edit, separators=(",", ":")).encode()
    assert scheme("talentforge").verify(got["headers"], resigned, SECRETS["talentforge"], int(time.time()), 300)
    forged_row(r, "tampered_body", res["payload"])


def test_tampered_body_explicit_edits(r):
    deliver(r, "placemint")
    (res,), (got,) = forge(r, {"kind": "tampered_body", "vendor": "placemint", "edits": {"data.amount_cents": 1}})
    assert json.loads(got["body"])["data"]["amount_cents"] == 1 and not verify("placemint", got)


def test_stale_timestamp(r):
    deliver(r, "placemint")
    (res,), (got,) = forge(r, {"kind": "stale_timestamp", "vendor": "placemint", "age_s": 3600})
    assert not verify("placemint", got)
    assert verify("placemint", got, tolerance=None)  # correctly signed, only stale
    ts = int(got["headers"]["placemint-signature"].split(",")[0][2:])
    assert abs(time.time() - 3600 - ts) < 5
    forged_row(r, "stale_timestamp", res["payload"])


def test_replay_is_byte_identical(r):
    g = deliver(r, "talentforge")
    (res,), (got,) = forge(r, {"kind": "replay", "vendor": "talentforge"})
    assert got["body"] == g["body"]
    for name in ("X-TF-Signature", "X-TF-Timestamp", "X-TF-Delivery", "X-TF-Event", "Content-Type"):
        assert got["headers"][name.lower()] == g["headers"][name]
    assert res["derived_from"] == g["seq"]
    forged_row(r, "replay", g["body"].decode())


def test_duplicate_is_a_valid_redelivery(r):
    g = deliver(r, "placemint")
    (res,), (got,) = forge(r, {"kind": "duplicate", "vendor": "placemint"})
    assert got["body"] == g["body"] and res["event_id"] == g["event_id"]
    assert verify("placemint", got)
    forged_row(r, "duplicate", g["body"].decode())


def test_concurrent_duplicate_pair(r):
    g = deliver(r, "talentforge")
    results, got = forge(r, {"kind": "concurrent_duplicate", "vendor": "talentforge"}, expect=2)
    assert len(results) == 1 and results[0]["statuses"] == [200, 200]  # one result per spec
    assert got[0]["body"] == got[1]["body"] == g["body"]
    assert got[0]["headers"]["x-tf-signature"] == got[1]["headers"]["x-tf-signature"]
    assert verify("talentforge", got[0]) and verify("talentforge", got[1])
    rows = forged_row(r, "concurrent_duplicate", g["body"].decode(), count=2)
    a, b = sorted(rows, key=lambda x: x["started_at"])
    assert b["started_at"] < a["ended_at"]  # in flight at the same time
    assert len([e for e in forgery_events(r, "concurrent_duplicate") if e["event_id"] == g["event_id"]]) == 2


def test_out_of_order_redelivers_an_older_event(r):
    older = deliver(r, "placemint", data={"status": "pending"})
    newer = deliver(r, "placemint", data={"status": "active"})
    (res,), (got,) = forge(r, {"kind": "out_of_order", "vendor": "placemint"})
    assert got["body"] == older["body"] and res["event_id"] == older["event_id"] != newer["event_id"]
    assert verify("placemint", got) and res["derived_from"] == older["seq"]
    forged_row(r, "out_of_order", older["body"].decode())


def test_unknown_event(r):
    deliver(r, "talentforge")
    (res,), (got,) = forge(r, {"kind": "unknown_event", "vendor": "talentforge"})
    body = json.loads(got["body"])
    assert body["type"] not in TRAITS["talentforge"].webhooks.event_types
    assert got["headers"]["x-tf-event"] == body["type"] == "ib.unknown_event"
    assert verify("talentforge", got)
    forged_row(r, "unknown_event", res["payload"])


def test_revoked_key(r):
    deliver(r, "placemint")
    (res,), (got,) = forge(r, {"kind": "revoked_key", "vendor": "placemint", "old_secret": "whsec_pm_OLD_9"})
    assert not verify("placemint", got)
    assert verify("placemint", got, secret="whsec_pm_OLD_9")
    forged_row(r, "revoked_key", res["payload"])


def test_unsigned_field_edit_whole_body_scheme_equals_tampered(r):
    g = deliver(r, "placemint")
    (res,), (got,) = forge(r, {"kind": "unsigned_field_edit", "vendor": "placemint",
                               "edits": {"data.name": "Mallory"}})
    assert res["event_id"] == g["event_id"]  # same event, edited in transit
    assert json.loads(got["body"])["data"]["name"] == "Mallory" and not verify("placemint", got)
    forged_row(r, "unsigned_field_edit", res["payload"])


def test_unsigned_field_edit_body_embedded_keeps_signature_fields(r):
    """A body-embedded scheme (Pipelane-like): the signed fields and headers are left as sent."""
    body = json.dumps({"token": "tok", "triggeredAt": 1700000000, "signature": "abc",
                       "data": {"stage": "screen"}}).encode()
    headers = {"Content-Type": "application/json", "X-Pipelane-Event": "candidateStageChange"}
    before = len(r.receiver_app.deliveries)
    httpx.post(f"{r.receiver_url}/hooks/pipelane", content=body, headers=headers)
    _wait_deliveries(r, before + 1)
    (res,), (got,) = forge(r, {"kind": "unsigned_field_edit", "vendor": "pipelane",
                               "edits": {"data.stage": "hired"}})
    sent = json.loads(got["body"])
    assert sent["data"]["stage"] == "hired"
    assert (sent["token"], sent["triggeredAt"], sent["signature"]) == ("tok", 1700000000, "abc")
    assert got["headers"]["x-pipelane-event"] == "candidateStageChange"


def _pipelane_delivery(r, token="tok_genuine_1", secret=SECRETS["pipelane"], ts=None):
    from vendors.kit.body_signing import BodyEmbedded
    body = json.dumps({"token": token, "event": "opportunityHired",
                       "data": {"opportunityId": "opp-1", "toStage": "hired"}}).encode()
    signed = BodyEmbedded().sign(body, [secret], ts or int(time.time()), token).body
    headers = {"Content-Type": "application/json", "X-Pipelane-Event": "candidateStageChange"}
    before = len(r.receiver_app.deliveries)
    httpx.post(f"{r.receiver_url}/hooks/pipelane", content=signed, headers=headers)
    _wait_deliveries(r, before + 1)
    return signed


def test_body_embedded_kinds_sign_inside_the_body(r):
    """Body-embedded signing (Pipelane): the forgery's signature travels in the body, so a wrong
    secret, a stale instant or a fresh re-signing shows there; the event id is the `token`."""
    from vendors.kit.body_signing import BodyEmbedded, body_signature
    genuine = json.loads(_pipelane_delivery(r))
    secret = SECRETS["pipelane"]
    now = int(time.time())
    results, got = forge(r, [{"kind": "bad_signature", "vendor": "pipelane"},
                             {"kind": "stale_timestamp", "vendor": "pipelane", "age_s": 900},
                             {"kind": "duplicate", "vendor": "pipelane"},
                             {"kind": "replay", "vendor": "pipelane"}], expect=4)
    bad, stale, dup, replay = (json.loads(g["body"]) for g in got)
    assert [res["event_id"] for res in results[2:]] == ["tok_genuine_1"] * 2  # the token is the id
    assert bad["token"] != "tok_genuine_1" and stale["token"] != "tok_genuine_1"  # fresh tokens
    assert bad["signature"] != body_signature(secret, bad["token"], bad["triggeredAt"])
    assert stale["signature"] == body_signature(secret, stale["token"], stale["triggeredAt"])
    assert abs(stale["triggeredAt"] // 1000 - (now - 900)) <= 5
    assert dup["token"] == "tok_genuine_1" and dup["data"] == genuine["data"]
    assert dup["signature"] == body_signature(secret, dup["token"], dup["triggeredAt"])
    assert replay == genuine  # the same bytes
    assert BodyEmbedded().verify({}, got[2]["body"], secret, int(time.time()), 300)
    assert not BodyEmbedded().verify({}, got[0]["body"], secret, int(time.time()), 300)
    assert not BodyEmbedded().verify({}, got[1]["body"], secret, int(time.time()), 300)


def test_body_embedded_tampered_body_edits_the_signed_body(r):
    _pipelane_delivery(r, token="tok_genuine_2")
    (res,), (got,) = forge(r, {"kind": "tampered_body", "vendor": "pipelane",
                               "edits": {"data.opportunityId": "opp-9"}})
    sent = json.loads(got["body"])
    assert sent["data"]["opportunityId"] == "opp-9" and res["edits"] == {"data.opportunityId": "opp-9"}
    assert sent["token"] != "tok_genuine_2" and "signature" in sent  # fresh token, signed, then edited


def test_resigned_stale_replay(r):
    old_ts = int(time.time()) - 2000
    g = deliver(r, "talentforge", ts=old_ts, secret="tf_whsec_retired")  # an old delivery...
    deliver(r, "talentforge")  # ...and a recent one (the vendor clock is the host's)
    (res,), (got,) = forge(r, {"kind": "resigned_stale_replay", "vendor": "talentforge", "source": g["seq"]})
    assert got["body"] == g["body"] and got["headers"]["x-tf-timestamp"] == str(old_ts)
    assert got["headers"]["x-tf-signature"] != g["headers"]["X-TF-Signature"]  # re-signed
    assert verify("talentforge", got, tolerance=None)  # valid with the current secret...
    assert not verify("talentforge", got)  # ...but stale
    forged_row(r, "resigned_stale_replay", g["body"].decode())


@pytest.mark.parametrize("vendor", ["clearcheck", "hireharbor"])
def test_other_schemes_bad_signature_and_duplicate(r, vendor):
    g = deliver(r, vendor)
    (bad,), (got_bad,) = forge(r, {"kind": "bad_signature", "vendor": vendor})
    assert not verify(vendor, got_bad)
    (dup,), (got_dup,) = forge(r, {"kind": "duplicate", "vendor": vendor})
    assert verify(vendor, got_dup) and got_dup["body"] == g["body"]


def test_standard_webhooks_id_is_signed(r):
    g = deliver(r, "clearcheck")
    (res,), (got,) = forge(r, {"kind": "stale_timestamp", "vendor": "clearcheck"})
    assert got["headers"]["webhook-id"] == res["event_id"] != g["event_id"]
    assert not verify("clearcheck", got) and verify("clearcheck", got, tolerance=None)


def test_forge_from_a_given_body(r):
    before = len(r.receiver_app.deliveries)
    results = r.client().forge({"kind": "duplicate", "vendor": "placemint", "path": "/hooks/placemint",
                                "body": {"id": "evt_given", "type": "fee.created", "data": {"fee": 1}}})
    got = _wait_deliveries(r, before + 1)[before]
    assert results[0]["derived_from"] is None and verify("placemint", got)


def test_forgery_errors_are_clear(r):
    client = r.client()
    res = client.forge([
        {"kind": "revoked_key", "vendor": "placemint"},
        {"kind": "stale_timestamp", "vendor": "hireharbor"},
        {"kind": "teleport", "vendor": "placemint"},
        {"kind": "duplicate", "vendor": "staffline"},
    ])
    assert "old_secret" in res[0]["error"]
    assert "no timestamp" in res[1]["error"]
    assert "kind" in res[2]["error"]
    assert "not a vendor" in res[3]["error"]


def test_forgeries_follow_the_vendor_clock(r):
    """A vendor on a virtual clock two hours ahead: fresh forgeries are fresh on its clock."""
    ahead = int(time.time()) + 7200
    deliver(r, "placemint", ts=ahead)
    (res,), (got,) = forge(r, {"kind": "duplicate", "vendor": "placemint"})
    ts = int(got["headers"]["placemint-signature"].split(",")[0][2:])
    assert abs(ts - ahead) <= 3
    (res,), (got,) = forge(r, {"kind": "stale_timestamp", "vendor": "placemint", "age_s": 1000})
    ts = int(got["headers"]["placemint-signature"].split(",")[0][2:])
    assert abs(ts - (ahead - 1000)) <= 3
    deliver(r, "placemint")  # back on the host clock for later tests


def test_reset_run_state_forgets_earlier_deliveries(r):
    """A delivery seen before the reset (the agent phase's) never becomes a forgery's source."""
    early = deliver(r, "talentforge")
    assert r.client().reset_run_state()["deliveries_dropped"] >= 1
    later = deliver(r, "talentforge")
    (res,), (got,) = forge(r, {"kind": "replay", "vendor": "talentforge"})
    assert res["derived_from"] == later["seq"] != early["seq"]
    r.client().reset_run_state()
    (res,) = r.client().forge([{"kind": "replay", "vendor": "talentforge"}])
    assert "error" in res  # nothing left to replay: the agent's deliveries are gone
