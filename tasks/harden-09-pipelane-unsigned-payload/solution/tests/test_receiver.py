# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac

from conn.pipelane import retry_after_s
from conn.receiver import claims_hire, verify

SECRET = "plwh_unit_test"
NOW = 1772442000000


def signed(token="tok1", triggered=NOW, secret=SECRET):
    sig = hmac.new(secret.encode(), f"{token}{triggered}".encode(), hashlib.sha256).hexdigest()
    return {"token": token, "triggeredAt": triggered, "signature": sig, "event": "opportunityHired",
            "data": {"opportunityId": "o1", "contactId": "c1"}}


def test_fresh_and_signed():
    assert verify(signed(), SECRET, NOW + 1000) is None


def test_wrong_secret_and_stale():
    assert verify(signed(secret="other"), SECRET, NOW) == "bad signature"
    assert verify(signed(), SECRET, NOW + 301_000) == "stale"
    assert verify(signed(), SECRET, NOW - 301_000) == "stale"


def test_data_is_not_signed():
    p = signed()
    p["data"]["opportunityId"] = "o2"  # still verifies: the receiver must re-read the opportunity
    assert verify(p, SECRET, NOW) is None


def test_retry_after_forms():
    assert retry_after_s("3") == 3.0
    assert retry_after_s("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0
    assert retry_after_s(None) is None


def test_only_hire_reports_are_opened():
    p = signed()
    assert claims_hire(p)
    p["event"], p["data"]["toStage"] = "opportunityStageChanged", "interview"
    assert not claims_hire(p)  # acknowledged without opening the candidacy
    p["data"]["toStage"] = "hired"
    assert claims_hire(p)
