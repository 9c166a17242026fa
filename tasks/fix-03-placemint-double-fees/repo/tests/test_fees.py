# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.fees import billable, fee_cents


def test_whole_hours():
    assert fee_cents("40.00", "40.00") == 160000


def test_active_placements_are_billable():
    assert billable({"status": "active"})
