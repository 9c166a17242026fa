# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac
import json

from conn import signature

SECRET = "hh_whsec_example"


def hireharbor_signs(body: bytes) -> str:
    return "sha256 " + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()


def test_a_signed_delivery_verifies():
    body = json.dumps({"action": "application.stage_changed", "event_id": "e1",
                       "payload": {"application": {"id": 7}}}, separators=(",", ":")).encode()
    assert signature.valid(SECRET, body, hireharbor_signs(body))


def test_wrong_secret_or_edited_body_fails():
    body = b'{"action":"application.hired","event_id":"e2","payload":{"application":{"id":8}}}'
    sig = hireharbor_signs(body)
    assert not signature.valid("another", body, sig)
    assert not signature.valid(SECRET, body.replace(b"8", b"9"), sig)
    assert not signature.valid(SECRET, body, None)
    assert not signature.valid(SECRET, body, sig.replace(" ", "="))


def test_escaped_non_ascii_body_verifies_as_received():
    event = {"action": "application.stage_changed", "event_id": "e3",
             "payload": {"candidate": {"first_name": "Zoë", "last_name": "Ångström"}}}
    body = json.dumps(event, separators=(",", ":"), ensure_ascii=True).encode()
    assert b"\\u00eb" in body
    assert signature.valid(SECRET, body, hireharbor_signs(body))
