# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.fees import billable, fee_cents


def test_exact_decimal_products_are_not_a_penny_short():
    assert fee_cents("37.35", "37.00") == 138195
    assert fee_cents("0.29", "100.00") == 2900  # float gives 2899


def test_half_pennies_round_to_even():
    assert fee_cents("41.01", "40.50") == 166090  # 166090.5 -> even
    assert fee_cents("41.03", "40.50") == 166172  # 166171.5 -> even


def test_canceled_placements_are_not_billable():
    assert not billable({"status": "canceled"})
