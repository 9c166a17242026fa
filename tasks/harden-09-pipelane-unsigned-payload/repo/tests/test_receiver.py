# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac

from conn.receiver import signature_ok

SECRET = "plwh_unit_test"


def signed(token="tok1", triggered=1772442000000, secret=SECRET):
    sig = hmac.new(secret.encode(), f"{token}{triggered}".encode(), hashlib.sha256).hexdigest()
    return {"token": token, "triggeredAt": triggered, "signature": sig, "event": "opportunityHired",
            "data": {"opportunityId": "o1", "contactId": "c1"}}


def test_good_signature():
    assert signature_ok(signed(), SECRET)


def test_wrong_secret():
    assert not signature_ok(signed(secret="other"), SECRET)


def test_missing_fields():
    p = signed()
    del p["triggeredAt"]
    assert not signature_ok(p, SECRET)
