# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.allocation import largest_remainder


def test_parts_sum_to_the_amount():
    assert sum(largest_remainder(1000001, [3334, 3333, 3333])) == 1000001


def test_ties_go_to_the_partner_listed_first():
    # 100 cents over three equal-ish shares: remainders tie between the two 3333 bp partners
    assert largest_remainder(100, [3333, 3333, 3334]) == [33, 33, 34]
    assert largest_remainder(101, [3333, 3333, 3334]) == [34, 33, 34]


def test_house_takes_everything():
    assert largest_remainder(655555, [10000]) == [655555]
