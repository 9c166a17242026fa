# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.fees import billable, fee_cents, fee_key


def test_whole_hours():
    assert fee_cents("40.00", "40.00") == 160000


def test_active_placements_are_billable():
    assert billable({"status": "active"})


def test_canceled_placements_are_not_billable():
    assert not billable({"status": "canceled"})


def test_decimal_not_float():
    # 37.35 x 37.5 = 1400.625 -> float would truncate below; exact half -> even
    assert fee_cents("37.35", "37.50") == 140062
    assert fee_cents("0.29", "1.00") == 29      # float: 0.29*100 = 28.999...


def test_half_to_even():
    assert fee_cents("0.125", "1") == 12
    assert fee_cents("0.135", "1") == 14
    assert fee_cents("41.675", "1.00") == 4168


def test_key_is_per_operation():
    assert fee_key("plc_1", "2026-W10", 100, "1.00") == fee_key("plc_1", "2026-W10", 100, "1.00")
    assert fee_key("plc_1", "2026-W10", 100, "1.00") != fee_key("plc_1", "2026-W11", 100, "1.00")
