# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.allocation import HOUSE, Share, allocate


def amounts(splits):
    return [(s.partner_id, s.amount_cents) for s in splits]


def test_thirds_go_to_largest_remainder():
    # 100 cents at 3333/3333/3334: 33.33, 33.33, 33.34 -> 33, 33, 33 + 1 to the largest remainder
    got = allocate(100, [Share("A", 3333), Share("B", 3333), Share("C", 3334)])
    assert amounts(got) == [("A", 33), ("B", 33), ("C", 34)]


def test_ties_go_to_first_listed():
    got = allocate(101, [Share("B", 5000), Share("A", 5000)])
    assert amounts(got) == [("B", 51), ("A", 50)]


def test_sum_is_exact():
    for amount in range(0, 2000, 7):
        got = allocate(amount, [Share("A", 4500), Share("B", 4500), Share("C", 1000)])
        assert sum(s.amount_cents for s in got) == amount


def test_floor_not_half_up():
    # 0.45 * 1 cent etc.: 3 cents at 4500/4500/1000 -> floors 1,1,0; remainders .35,.35,.30
    got = allocate(3, [Share("A", 4500), Share("B", 4500), Share("C", 1000)])
    assert amounts(got) == [("A", 2), ("B", 1), ("C", 0)]


def test_house_when_no_credit_rows():
    got = allocate(12345, [])
    assert [(s.partner_id, s.amount_cents, s.share_bp) for s in got] == [(HOUSE, 12345, 10000)]


def test_partner_once():
    got = allocate(1000, [Share("A", 5000), Share("B", 2500), Share("A", 2500)])
    assert amounts(got) == [("A", 750), ("B", 250)]
