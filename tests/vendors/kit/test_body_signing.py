"""Kit: the `body_embedded` webhook scheme (vendors/kit/body_signing.py), checked against an
independent HMAC; only token + triggeredAt are covered."""
from __future__ import annotations

import hashlib
import hmac
import json
from types import SimpleNamespace

from vendors.kit.body_signing import BodyEmbedded
from vendors.kit.webhook_schemes import scheme_for

SECRET = "s3cret"


def independent(body: bytes, secret: str) -> bool:
    p = json.loads(body)
    want = hmac.new(secret.encode(), f"{p['token']}{p['triggeredAt']}".encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(want, p["signature"])


def test_registered_in_scheme_for():
    assert isinstance(scheme_for(SimpleNamespace(signing="body_embedded")), BodyEmbedded)


def test_sign_and_verify():
    s = BodyEmbedded()
    body = json.dumps({"token": "abc", "event": "x", "data": {"id": 1}}).encode()
    signed = s.sign(body, [SECRET, "old"], 1_700_000_000, "evt")
    assert signed.headers == {}
    p = json.loads(signed.body)
    assert list(p) == ["token", "triggeredAt", "signature", "event", "data"]
    assert p["token"] == "abc" and p["triggeredAt"] == 1_700_000_000_000
    assert independent(signed.body, SECRET)
    assert s.verify({}, signed.body, SECRET, 1_700_000_100, 300)
    assert not s.verify({}, signed.body, SECRET, 1_700_000_400, 300)  # stale
    assert s.verify({}, signed.body, SECRET, 1_800_000_000, None)
    assert not s.verify({}, signed.body, "wrong", 1_700_000_000, 300)
    assert not s.verify({}, json.dumps({**p, "token": "abd"}).encode(), SECRET, 1_700_000_000, 300)
    assert not s.verify({}, json.dumps({**p, "triggeredAt": p["triggeredAt"] + 1}).encode(), SECRET, 1_700_000_000, 300)
    assert not s.verify({}, b"not json", SECRET, 1_700_000_000, 300)
    # the payload outside token/triggeredAt is not covered
    edited = json.dumps({**p, "data": {"id": 2}}).encode()
    assert s.verify({}, edited, SECRET, 1_700_000_000, 300) and independent(edited, SECRET)
    # re-signing keeps the token and restamps the time; the event id is the fallback token
    again = json.loads(s.sign(signed.body, [SECRET], 1_700_000_500, "evt").body)
    assert again["token"] == "abc" and again["triggeredAt"] == 1_700_000_500_000
    assert json.loads(s.sign(b'{"event":"x"}', [SECRET], 1, "evt_9").body)["token"] == "evt_9"
