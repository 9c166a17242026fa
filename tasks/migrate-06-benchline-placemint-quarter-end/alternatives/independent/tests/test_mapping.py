# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest
from decimal import Decimal

from conn.migration import perth_day, to_cents, wanted


class MappingTests(unittest.TestCase):
    def test_half_even_cents(self):
        self.assertEqual(to_cents(Decimal("41.675")), 4168)
        self.assertEqual(to_cents(Decimal("41.665")), 4166)
        self.assertEqual(to_cents(Decimal("41.6751")), 4168)

    def test_perth_day(self):
        self.assertEqual(perth_day(1767196800000), "2026-01-01")  # 2025-12-31T16:00Z

    def test_scope(self):
        self.assertFalse(wanted({"status": "Terminated", "dateEnd": 1767110400000}))  # 2025-12-31 Perth
        self.assertTrue(wanted({"status": "Terminated", "dateEnd": 1767196800000}))


if __name__ == "__main__":
    unittest.main()
