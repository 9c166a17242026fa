# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn import ledger
from conn.receiver import apply_event


def test_placement_event_updates_the_ledger(tmp_path):
    db = ledger.connect(tmp_path / "ledger.db")
    apply_event(db, {"id": "evt_1", "type": "placement.updated",
                     "data": {"object": {"id": "plc_1", "status": "active", "version": 2, "rate_cents": 2500}}})
    assert db.execute("SELECT status, version FROM placements WHERE id = 'plc_1'").fetchone() == ("active", 2)


def test_fee_event_is_booked(tmp_path):
    db = ledger.connect(tmp_path / "ledger.db")
    apply_event(db, {"id": "evt_2", "type": "fee.created",
                     "data": {"object": {"id": "fee_1", "placement_id": "plc_1", "amount_cents": 4200}}})
    assert db.execute("SELECT event_id, amount_cents FROM fee_bookings").fetchall() == [("evt_2", 4200)]
