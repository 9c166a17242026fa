# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac
import time

import pytest

from conn import ledger
from conn.receiver import apply_event
from conn.signature import SignatureError, verify


def sign(body: bytes, *secrets: str, t: int | None = None) -> str:
    t = int(time.time()) if t is None else t
    sigs = ",".join("v1=" + hmac.new(s.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
                    for s in secrets)
    return f"t={t},{sigs}"


def test_signature_accepts_any_matching_v1():
    body = b'{"id":"evt_1"}'
    verify(sign(body, "whsec_new", "whsec_old"), body, ["whsec_old"])


@pytest.mark.parametrize("header_secret,body2,age", [
    ("whsec_other", None, 0), ("whsec_a", b'{"id":"evt_2"}', 0), ("whsec_a", None, 301), ("whsec_a", None, -301)])
def test_signature_refusals(header_secret, body2, age):
    body = b'{"id":"evt_1"}'
    header = sign(body, header_secret, t=int(time.time()) - age)
    with pytest.raises(SignatureError):
        verify(header, body2 or body, ["whsec_a"])


def test_redelivered_fee_is_booked_once_and_old_versions_lose(tmp_path):
    db = ledger.connect(tmp_path / "ledger.db")
    fee = {"id": "evt_2", "type": "fee.created", "data": {"object": {"id": "fee_1", "amount_cents": 4200}}}
    assert apply_event(db, fee) == "booked"
    assert apply_event(db, fee) == "duplicate"
    assert db.execute("SELECT COUNT(*) FROM fee_bookings").fetchone() == (1,)
    new = {"id": "evt_4", "type": "placement.updated", "data": {"object": {"id": "plc_1", "status": "completed", "version": 3}}}
    old = {"id": "evt_3", "type": "placement.updated", "data": {"object": {"id": "plc_1", "status": "active", "version": 2}}}
    apply_event(db, new)
    apply_event(db, old)
    assert db.execute("SELECT status, version FROM placements").fetchall() == [("completed", 3)]
