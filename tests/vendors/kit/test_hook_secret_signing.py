"""The kit's `hook_secret` webhook scheme (vendors/kit/hook_secret_signing.py), checked against an
independent HMAC implementation: HMAC-SHA256 over `timestamp.body.event-id.event-name`, one
`v1=` per secret separated by `;`, selected by `webhook_schemes.scheme_for`."""
from __future__ import annotations

import hashlib
import hmac

from vendors.kit.hook_secret_signing import HookSecret, event_name_of, parse_signatures
from vendors.kit.webhook_schemes import scheme_for
from bundle.traits import WebhookTraits

BODY = b'{"id":"e-1","event":"application.status.updated","data":{"applicationId":"a-1"}}'


def _mac(key: str, msg: bytes) -> str:
    return hmac.new(key.encode(), msg, hashlib.sha256).hexdigest()


def test_scheme_for_selects_hook_secret_with_the_traits_headers():
    traits = WebhookTraits(signing="hook_secret", signature_header="X-Sig", timestamp_header="X-Ts",
                           id_header="X-Id", event_header="X-Ev", secret="webhook_secret")
    scheme = scheme_for(traits)
    assert isinstance(scheme, HookSecret) and scheme.name == "hook_secret"
    signed = scheme.sign(BODY, ["k1"], 1700000000, "e-1")
    assert set(signed.headers) == {"X-Sig", "X-Ts", "X-Id", "X-Ev"}
    defaults = scheme_for(WebhookTraits(signing="hook_secret", secret="webhook_secret"))
    assert defaults.signature_header == "Scoutly-Signature"


def test_signature_matches_an_independent_implementation():
    signed = HookSecret().sign(BODY, ["k-new", "k-old"], 1700000000, "e-1")
    h = signed.headers
    assert h["Scoutly-Event-Name"] == "application.status.updated" and h["Scoutly-Event-Id"] == "e-1"
    msg = b"1700000000." + BODY + b".e-1.application.status.updated"
    assert h["Scoutly-Signature"] == f"v1={_mac('k-new', msg)};v1={_mac('k-old', msg)}"
    assert parse_signatures(h["Scoutly-Signature"]) == [_mac("k-new", msg), _mac("k-old", msg)]


def test_verify_accepts_either_key_and_rejects_alterations():
    s = HookSecret()
    h = s.sign(BODY, ["k-new", "k-old"], 1700000000, "e-1").headers
    assert s.verify(h, BODY, "k-new", 1700000010, 300) and s.verify(h, BODY, "k-old", 1700000010, 300)
    assert not s.verify(h, BODY, "k-other", 1700000010, 300)
    assert not s.verify(h, BODY + b" ", "k-new", 1700000010, 300)
    assert not s.verify({**h, "Scoutly-Timestamp": "1700000001"}, BODY, "k-new", 1700000010, 300)
    assert not s.verify({**h, "Scoutly-Event-Name": "candidate.updated"}, BODY, "k-new", 1700000010, 300)
    assert not s.verify(h, BODY, "k-new", 1700000400, 300)  # stale
    assert s.verify(h, BODY, "k-new", 1700000400, None)  # no tolerance given


def test_explicit_event_name_and_bodies_without_one():
    s = HookSecret()
    assert event_name_of(b"not json") == "" and event_name_of(b"[1]") == ""
    h = s.sign(b"[]", ["k"], 1, "e", event_name="job.updated").headers
    assert h["Scoutly-Event-Name"] == "job.updated"
    assert s.verify(h, b"[]", "k", 1, 300)
