# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import datetime as dt
import unittest

from conn.policy import decide, parse_day

TODAY = dt.date(2026, 3, 2)


def app(**cf):
    return {"status": "active", "current_stage": {"name": "Offer"}, "custom_fields": cf}


class PolicyTest(unittest.TestCase):
    def test_us_dates(self):
        self.assertEqual(parse_day("01/12/2025"), dt.date(2025, 1, 12))
        self.assertEqual(parse_day("2025-01-12"), dt.date(2025, 1, 12))

    def test_rules(self):
        self.assertEqual(decide(app(bg_status="clr", bg_completed_on="06/04/2025"), TODAY), "keep")
        self.assertEqual(decide(app(bg_status="CLEARED", bg_completed_on="01/12/2025"), TODAY), "order")
        self.assertEqual(decide(app(bg_status="Clear"), TODAY), "order")
        self.assertEqual(decide(app(bg_status="pending", bg_ordered_on="2026-02-16"), TODAY), "wait")
        self.assertEqual(decide(app(bg_status="pending", bg_ordered_on="2026-02-15"), TODAY), "order")
        self.assertEqual(decide(app(), TODAY), "order")


if __name__ == "__main__":
    unittest.main()
