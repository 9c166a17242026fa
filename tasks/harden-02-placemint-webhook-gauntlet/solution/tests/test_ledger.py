# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac
import json
import time

from conn import ledger
from conn.receiver import Receiver, verify

SECRET = "whsec_test"


def signed(event: dict, secret: str = SECRET, t: int | None = None) -> tuple[str, bytes]:
    body = json.dumps(event).encode()
    t = int(time.time()) if t is None else t
    sig = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={t},v1={sig}", body


def placement_event(eid: str, version: int, status: str = "active") -> dict:
    return {"id": eid, "type": "placement.updated",
            "data": {"object": {"id": "plc_1", "object": "placement", "status": status, "version": version}}}


def test_highest_version_wins(tmp_path):
    rx = Receiver(ledger.connect(tmp_path / "ledger.db"), [SECRET])
    assert rx.handle(*signed(placement_event("evt_3", 3, "completed")))[0] == 200
    assert rx.handle(*signed(placement_event("evt_2", 2)))[0] == 200
    assert rx.db.execute("SELECT status, version FROM placements").fetchall() == [("completed", 3)]


def test_fee_event_booked_once(tmp_path):
    rx = Receiver(ledger.connect(tmp_path / "ledger.db"), [SECRET])
    event = {"id": "evt_9", "type": "fee.created",
             "data": {"object": {"id": "fee_1", "object": "fee", "placement_id": "plc_1", "amount_cents": 4200}}}
    for _ in range(3):
        assert rx.handle(*signed(event))[0] == 200
    assert rx.db.execute("SELECT event_id, amount_cents FROM fee_bookings").fetchall() == [("evt_9", 4200)]


def test_forged_and_stale_rejected(tmp_path):
    rx = Receiver(ledger.connect(tmp_path / "ledger.db"), [SECRET])
    assert rx.handle(*signed(placement_event("evt_1", 1), secret="whsec_wrong"))[0] == 400
    assert rx.handle(*signed(placement_event("evt_1", 1), t=int(time.time()) - 900))[0] == 400
    header, body = signed(placement_event("evt_1", 1))
    assert rx.handle(header, body.replace(b'"active"', b'"canceled"'))[0] == 400
    assert rx.db.execute("SELECT count(*) FROM placements").fetchone() == (0,)


def test_any_v1_may_match_during_rotation():
    header, body = signed({"id": "evt_1", "type": "fee.updated"})
    t, old = header.split(",")
    new = hmac.new(b"whsec_new", f"{t[2:]}.".encode() + body, hashlib.sha256).hexdigest()
    assert verify(f"{t},v1={new},{old}", body, [SECRET]) is None
