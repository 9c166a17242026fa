# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest
from datetime import datetime, timezone

from conn.rules import as_day, verdict

NOW = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


class RulesTest(unittest.TestCase):
    def test_american_dates(self):
        self.assertEqual(as_day("12/14/2025").day, 14)

    def test_verdicts(self):
        self.assertEqual(verdict({"bg_status": "clr", "bg_completed_on": "2025-06-28"}, NOW), "keep")
        self.assertEqual(verdict({"bg_status": "Clear", "bg_completed_on": "01/12/2025"}, NOW), "order")
        self.assertEqual(verdict({"bg_status": "Submitted", "bg_ordered_on": "2026-02-20"}, NOW), "wait")
        self.assertEqual(verdict({}, NOW), "order")


if __name__ == "__main__":
    unittest.main()
